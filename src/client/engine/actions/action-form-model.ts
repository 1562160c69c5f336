import type { ActionForm, ActionModel, EntityModel, ListView } from '../../../shared/schema/entity-model';
import { request } from '../../api/http';
import type { ResourceRow } from '../data/resource-api';
import { formDataOf } from '../form/form-schema';

/**
 * The entity seen through an action's form: its fields, required list and rules are the
 * form's, so the engine's form (widgets, messages, validate on blur) draws and checks it.
 */
export function actionFormModel(model: EntityModel, form: ActionForm): EntityModel {
  return {
    ...model,
    fields: form.fields,
    required: form.required,
    formOrder: form.fields.map((f) => f.name),
    formSections: form.tabs ?? [],
    ...(form.tabs ? { formSectionsAs: 'tabs' as const } : {}),
    formWidth: form.width,
    recordSchema: form.schema,
  };
}

/** The view an action form is drawn in: every field shown and open. */
export function actionFormView(model: EntityModel): ListView {
  return { ...model.list, hidden: [], disabled: [], defaults: {}, presets: {} };
}

/** Prefix of the dialog's ids: `<x-permission>_<key>` (`tenant_setting`: dialog `tenant_setting_dialog`, inputs `tenant_setting_<field>`). */
export function actionFormId(model: EntityModel, action: ActionModel): string {
  return `${model.permission}_${action.key.replace(/-/g, '_')}`;
}

/** The row's value of a field, as a list field's values are text. */
function valueOf(value: unknown, isList: boolean): unknown {
  if (!isList || value === undefined || value === null) return value;
  return (Array.isArray(value) ? value : String(value).split(',')).map(String).filter(Boolean);
}

/**
 * The form's first values: the fields' defaults, then the one selected row's values of the
 * same names (`initial.fromRow`), then the answer of `initial.url` asked with row fields
 * (its properties by name, or the whole answer into `initial.answerField`).
 */
export async function initialActionValues(input: { action: ActionModel; rows: ResourceRow[] }): Promise<Record<string, unknown>> {
  const form = input.action.form!;
  const one = input.rows.length === 1 ? input.rows[0] : undefined;
  const out: Record<string, unknown> = {};
  const take = (name: string, value: unknown, isList: boolean) => {
    if (value !== undefined && value !== null && value !== '') out[name] = valueOf(value, isList);
  };
  for (const f of form.fields) take(f.name, f.defaultValue, f.schema.type === 'array');
  if (form.initial.fromRow && one) for (const f of form.fields) take(f.name, one[form.initial.rowFields[f.name] ?? f.name], f.schema.type === 'array');
  if (form.initial.url) {
    const params = Object.fromEntries(Object.entries(form.initial.params).map(([name, field]) => [name, String(one?.[field] ?? '')]));
    const answer = await request<unknown>({ url: form.initial.url, params });
    if (form.initial.answerField !== undefined) out[form.initial.answerField] = answer ?? [];
    const data = (answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? answer : {}) as Record<string, unknown>;
    for (const f of form.fields) take(f.name, data[form.initial.fields[f.name] ?? f.name], f.schema.type === 'array');
  }
  return formDataOf(out);
}
