import type { RJSFSchema, UiSchema, Widget } from '@rjsf/utils';
import { fieldOf, type EntityModel, type FieldModel, type FormMode, type Lang, type ListView, type WidgetName } from '../../../shared/schema/entity-model';
import { formConditions, formSections, isShownFor, labelFor } from './form-conditions';

/** The rjsf schema and uiSchema of one dialog (entity, view and mode). */
export interface FormSpec {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Fields shown, in order. */
  fields: FieldModel[];
}

/** What a widget reads from `props.options` (set by `buildFormSpec`). */
export interface FieldWidgetOptions {
  field: FieldModel;
  span: number;
}

function isShown(field: FieldModel, view: ListView, mode: FormMode): boolean {
  return !field.hiddenIn.includes(mode) && !view.hidden.includes(field.name);
}

/** Locked: every field in view mode; per field and per view in add/edit; a natural key once saved. */
export function isLocked(input: { model: EntityModel; view: ListView; field: FieldModel; mode: FormMode }): boolean {
  const { model, view, field, mode } = input;
  if (mode === 'view') return true;
  if (field.readOnly || field.disabledIn.includes(mode) || view.disabled.includes(field.name)) return true;
  return mode === 'edit' && field.name === model.primaryKey && !model.generatedId;
}

/**
 * A field's JSON Schema `description` is a note for whoever reads the entity file (what the
 * server does with a secret), not a text for staff: the form never shows it.
 */
function propertySchema(field: FieldModel, lang: Lang, data: Record<string, unknown>): RJSFSchema {
  const { description: _developerNote, ...schema } = field.schema as RJSFSchema;
  return { ...schema, title: labelFor(field, data)[lang] };
}

/**
 * Builds the dialog's form from the model: fields in `formOrder`, minus those hidden in
 * this mode or view or for the current `data` (`x-when`); locked ones disabled;
 * `required` and the `allOf` rules limited to the fields shown; sections, if any.
 */
export function buildFormSpec(input: {
  model: EntityModel;
  view: ListView;
  mode: FormMode;
  lang: Lang;
  widgets: Record<WidgetName, Widget>;
  data?: Record<string, unknown>;
}): FormSpec {
  const { model, view, mode, lang, widgets, data = {} } = input;
  const fields = model.formOrder
    .map((name) => fieldOf(model, name))
    .filter((f): f is FieldModel => f !== undefined && isShown(f, view, mode) && isShownFor(f, data));
  const shown = new Set(fields.map((f) => f.name));
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {
    'ui:order': [...withConfirmations(fields).map((f) => f.name), '*'],
    'ui:submitButtonOptions': { norender: true },
    'ui:options': { sections: formSections(model, shown, lang), ...(model.formSectionsAs ? { sectionsAs: model.formSectionsAs } : {}) },
  };
  for (const field of withConfirmations(fields)) {
    // View mode shows an x-unset field as text: its value or the unset label (withUnsetLabels).
    const asText = mode === 'view' && field.unset !== undefined;
    properties[field.name] = asText ? { type: 'string', title: labelFor(field, data)[lang] } : propertySchema(field, lang, data);
    const options: FieldWidgetOptions = { field, span: field.span };
    uiSchema[field.name] = {
      'ui:widget': widgets[asText ? 'text' : field.widget],
      'ui:disabled': isLocked({ model, view, field, mode }),
      ...(field.placeholder ? { 'ui:placeholder': field.placeholder[lang] } : {}),
      'ui:options': options as unknown as Record<string, unknown>,
    };
  }
  const conditions = formConditions(model, shown);
  return {
    schema: {
      type: 'object',
      properties,
      required: [
        ...model.required.filter((r) => shown.has(r)),
        ...fields.filter((f) => f.confirm && model.required.includes(f.name)).map((f) => f.confirm!.field),
      ],
      ...(conditions.length ? { allOf: conditions } : {}),
    },
    uiSchema,
    fields,
  };
}

/**
 * The fields with each `x-confirm` input right after its field: a field of its own
 * (password2); that it equals the field is checked by `confirmationValidator`.
 */
function withConfirmations(fields: FieldModel[]): FieldModel[] {
  return fields.flatMap((field) => {
    if (!field.confirm) return [field];
    const { field: name, label, messages } = field.confirm;
    const schema = { type: 'string' };
    return [field, { ...field, name, label, messages, schema, confirm: undefined, when: undefined }];
  });
}

/**
 * A record from the API made fit for the form: nulls dropped (an optional string that
 * is null would fail `type`), so empty values read as missing and `required` fires.
 */
export function formDataOf(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && value !== undefined && key !== 'children') out[key] = value;
  }
  return out;
}

/** Initial values of a new record: field defaults, the view's defaults, then the given presets. */
export function newRecord(input: { model: EntityModel; view: ListView; presets?: Record<string, unknown> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of input.model.fields) {
    if (!field.isBase && field.defaultValue !== undefined) out[field.name] = field.defaultValue;
  }
  return { ...out, ...input.view.defaults, ...(input.presets ?? {}) };
}

/** Values a child row of `parentRow` starts with (`presets`: child field ← parent field). */
export function presetsFrom(view: ListView, parentRow: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [target, source] of Object.entries(view.presets)) {
    if (parentRow[source] !== undefined && parentRow[source] !== null) out[target] = parentRow[source];
  }
  return out;
}

/** The body sent to submit: the model's own fields only (tree rows carry title, key, children…). */
export function submitBody(model: EntityModel, formData: Record<string, unknown>): Record<string, unknown> {
  const names = new Set([model.primaryKey, ...model.fields.map((f) => f.name), ...model.fields.flatMap((f) => (f.confirm ? [f.confirm.field] : []))]);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) if (names.has(key)) out[key] = value;
  return out;
}
