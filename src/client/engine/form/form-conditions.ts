import type { RJSFSchema } from '@rjsf/utils';
import { fieldOf, type EntityModel, type FieldModel, type Lang } from '../../../shared/schema/entity-model';
import { whenValue } from '../../../shared/schema/field-label';

export { labelFor } from '../../../shared/schema/field-label';

type Data = Record<string, unknown>;

/** `x-when.shownFor`: whether the field is shown for the current value of the field it follows. */
export function isShownFor(field: FieldModel, data: Data): boolean {
  const shownFor = field.when?.shownFor;
  return !shownFor || shownFor.includes(whenValue(field, data));
}

/** The fields whose values change the form's fields (what `x-when` names). */
export function deciderFields(model: EntityModel): string[] {
  return [...new Set(model.fields.flatMap((f) => (f.when ? [f.when.field] : [])))];
}

/**
 * The schema's `allOf` rules for this form: what they require is limited to the fields
 * shown, so a rule never asks for a field the user cannot see (a password when editing).
 */
export function formConditions(model: EntityModel, shown: Set<string>): RJSFSchema[] {
  const rules = (model.recordSchema.allOf ?? []) as Record<string, RJSFSchema>[];
  const limit = (branch: RJSFSchema | undefined) =>
    branch && { ...branch, required: (branch.required ?? []).filter((name) => shown.has(name)) };
  return rules.map((rule) => {
    const out: RJSFSchema = { if: rule.if };
    if (rule.then) out.then = limit(rule.then);
    if (rule.else) out.else = limit(rule.else);
    return out;
  });
}

/** `x-form.sections` in the form's language, keeping only the fields shown, each `x-confirm` input after its field. */
export function formSections(model: EntityModel, shown: Set<string>, lang: Lang) {
  const withConfirm = (name: string) => {
    const confirm = fieldOf(model, name)?.confirm;
    return confirm ? [name, confirm.field] : [name];
  };
  return model.formSections
    .map((s) => ({ key: s.key, title: s.label[lang], fields: s.fields.filter((f) => shown.has(f)).flatMap(withConfirm) }))
    .filter((s) => s.fields.length > 0);
}

export type FormSectionSpec = ReturnType<typeof formSections>[number];
