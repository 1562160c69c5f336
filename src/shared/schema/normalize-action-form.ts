import { isIdListWidget, type ActionForm, type FieldModel } from './entity-model.js';
import { normalizeGridField } from './normalize-grid-field.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `x-actions[].form` → ActionForm: each property normalized as an entity property is
 * (label, messages, widget, options, validation schema), `required` checked against them.
 */
export function normalizeActionForm(raw: Json | undefined, opts: { at: string; toField: (name: string, prop: Json) => FieldModel; fail: (pointer: string, detail: string) => never }): ActionForm | undefined {
  if (!raw) return undefined;
  const { at, toField, fail } = opts;
  const fields = Object.entries(raw.properties as Json).map(([name, prop]) => {
    const plain = toField(name, prop);
    const field = plain.widget === 'grid' ? normalizeGridField(plain, { prop, at: `${at}/properties/${name}`, toField, fail }) : plain;
    // A list of ids: the field must be declared `type: "array"`.
    if (isIdListWidget(field.widget) && prop.type !== 'array') fail(`${at}/properties/${name}`, `x-widget "${field.widget}" needs type "array"`);
    if (isIdListWidget(field.widget) && !field.options) fail(`${at}/properties/${name}`, `x-widget "${field.widget}" needs x-options`);
    return field;
  });
  const names = new Set(fields.map((f) => f.name));
  const required: string[] = raw.required ?? [];
  required.forEach((name, i) => {
    if (!names.has(name)) fail(`${at}/required/${i}`, `unknown form field "${name}"`);
  });
  const tabs: Json[] = raw.tabs ?? [];
  tabs.forEach((tab, i) => (tab.fields as string[]).forEach((name, j) => {
    if (!names.has(name)) fail(`${at}/tabs/${i}/fields/${j}`, `unknown form field "${name}"`);
  }));
  const summary: Json | undefined = raw.summary;
  (summary?.fields ?? []).forEach((name: string, i: number) => {
    if (!names.has(name)) fail(`${at}/summary/fields/${i}`, `unknown form field "${name}"`);
  });
  const initial: Json = raw.initial ?? {};
  for (const name of [...Object.keys(initial.fields ?? {}), ...Object.keys(initial.rowFields ?? {})]) {
    if (!names.has(name)) fail(`${at}/initial/fields/${name}`, `unknown form field "${name}"`);
  }
  if (raw.body !== undefined && !names.has(raw.body)) fail(`${at}/body`, `unknown form field "${raw.body}"`);
  if (initial.answerField !== undefined && !names.has(initial.answerField)) fail(`${at}/initial/answerField`, `unknown form field "${initial.answerField}"`);
  if (initial.answerField !== undefined && !initial.url) fail(`${at}/initial/answerField`, 'answerField takes the answer of initial.url: url is missing');
  return {
    ...(raw.body !== undefined ? { body: raw.body } : {}),
    ...(raw.title ? { title: raw.title } : {}),
    ...(raw.send ? { send: raw.send } : {}),
    width: raw.width ?? 500,
    fields,
    required,
    ...(raw.result ? { result: raw.result } : {}),
    readOnly: raw.readOnly === true,
    ...(summary ? { summary: { fields: summary.fields, separator: summary.separator ?? ' / ' } } : {}),
    initial: { fromRow: initial.fromRow ?? true, ...(initial.url ? { url: initial.url } : {}), params: initial.params ?? {}, fields: initial.fields ?? {}, rowFields: initial.rowFields ?? {}, ...(initial.answerField !== undefined ? { answerField: initial.answerField } : {}) },
    schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])), required },
    ...(tabs.length ? { tabs: tabs.map((t) => ({ key: t.key, label: t.label, fields: [...t.fields] })) } : {}),
  };
}
