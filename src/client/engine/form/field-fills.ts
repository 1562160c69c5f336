import type { FieldFill, FieldModel } from '../../../shared/schema/entity-model';
import type { FormChangeHandler } from '../extensions';

type Values = Record<string, unknown>;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** What a field's `x-fill` gives its targets for one picked value; a text naming the opener is left out without one. */
export function filledValues(input: { fill: Record<string, FieldFill>; value: unknown; label: string; opener?: Values }): Values {
  const { fill, value, label, opener } = input;
  const out: Values = {};
  for (const [target, how] of Object.entries(fill)) {
    if (typeof how !== 'string') {
      out[target] = how[String(value)];
      continue;
    }
    if (!opener && how.includes('{opener.')) continue;
    out[target] = how.replace(PLACEHOLDER, (_, name: string) => {
      if (name === 'value') return String(value);
      if (name === 'label') return label;
      return String(opener?.[name.slice('opener.'.length)] ?? '');
    });
  }
  return out;
}

/** `next`, with the filled values `previous` holds and `next` dropped put back (the form's validation echoes the data it held before the fill). */
function keepFilled(input: { previous: Values; next: Values; filled: Values }): Values {
  const { previous, next, filled } = input;
  const dropped = Object.keys(filled).filter((key) => filled[key] !== undefined && next[key] === undefined && previous[key] === filled[key]);
  if (dropped.length === 0) return next;
  return { ...next, ...Object.fromEntries(dropped.map((key) => [key, previous[key]])) };
}

/**
 * The form hook of the fields' `x-fill`: on add, picking another value of a filling field
 * fills its targets (a value the fill has no entry for clears one); edits are left alone, and
 * so is what the user typed after the pick. Undefined when no field fills.
 */
export function fillOnChange(input: { fields: FieldModel[]; opener?: Values; labelOf: (field: FieldModel, value: unknown) => string | undefined }): FormChangeHandler | undefined {
  const filling = input.fields.filter((f) => f.fill);
  if (filling.length === 0) return undefined;
  return ({ mode, previous, next }) => {
    if (mode !== 'add') return next;
    let out = next;
    for (const f of filling) {
      const value = next[f.name];
      if (value === undefined || value === null || value === '') continue;
      const filled = filledValues({ fill: f.fill!, value, label: input.labelOf(f, value) ?? String(value), opener: input.opener });
      if (String(value) === String(previous[f.name])) {
        out = keepFilled({ previous, next: out, filled });
        continue;
      }
      out = { ...out, ...filled };
      for (const [key, v] of Object.entries(out)) if (v === undefined) delete out[key];
    }
    return out;
  };
}
