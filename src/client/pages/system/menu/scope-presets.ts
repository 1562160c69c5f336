import type { FormChangeHandler } from '../../../engine/extensions';

/** Which scope list a drawer shows. */
export type ScopeKind = 'data' | 'api';

/** The menu a scope belongs to. */
export interface ScopeMenu {
  id: string;
  name: string;
  code: string;
}

/**
 * The column a data scope of each type filters on (Saber datascope.vue): all → '-',
 * own → create_user, own dept (and below) → create_dept, custom → none (typed by hand).
 */
export const DATA_SCOPE_COLUMNS: Record<number, string | undefined> = {
  1: '-',
  2: 'create_user',
  3: 'create_dept',
  4: 'create_dept',
  5: undefined,
};

/** The fields a new scope gets when its type is picked: name '<menu> [<type label>]', code = the menu's code, and for data scopes the column. */
export function scopePresets(input: { kind: ScopeKind; menu: ScopeMenu; scopeType: number; typeLabel: string }): Record<string, unknown> {
  const { kind, menu, scopeType, typeLabel } = input;
  const out: Record<string, unknown> = { scopeName: `${menu.name} [${typeLabel}]`, resourceCode: menu.code };
  if (kind === 'data') out.scopeColumn = DATA_SCOPE_COLUMNS[scopeType];
  return out;
}

/**
 * The form hook of a scope drawer: on add, picking another scope type fills the fields
 * from it (Saber's watch on form.scopeType); edits are left alone. A change event that
 * repeats the type but lacks what its pick filled in (the form's own validation echoes
 * the data it held before the fill) keeps those values.
 */
export function scopeFormChange(input: { kind: ScopeKind; menu: ScopeMenu; labelOf: (scopeType: number) => string }): FormChangeHandler {
  return ({ mode, previous, next }) => {
    const type = next.scopeType;
    if (mode !== 'add' || type === undefined || type === null) return next;
    const scopeType = Number(type);
    const presets = scopePresets({ kind: input.kind, menu: input.menu, scopeType, typeLabel: input.labelOf(scopeType) });
    if (String(type) === String(previous.scopeType)) return keepFilled({ previous, next, presets });
    const merged: Record<string, unknown> = { ...next, ...presets };
    for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
    return merged;
  };
}

/** `next`, with the preset values `previous` holds and `next` dropped put back. */
function keepFilled(input: { previous: Record<string, unknown>; next: Record<string, unknown>; presets: Record<string, unknown> }): Record<string, unknown> {
  const { previous, next, presets } = input;
  const dropped = Object.keys(presets).filter((key) => presets[key] !== undefined && next[key] === undefined && previous[key] === presets[key]);
  if (dropped.length === 0) return next;
  return { ...next, ...Object.fromEntries(dropped.map((key) => [key, previous[key]])) };
}
