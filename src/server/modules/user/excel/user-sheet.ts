import { fieldOf } from '../../../../shared/schema/entity-model.js';
import type { EntityModel, FieldModel, Lang } from '../../../../shared/schema/entity-model.js';
import { messageFor } from '../../../../shared/schema/validation-messages.js';
import type { Resolved, UserCatalog } from '../user-catalog.js';
import { normalizeDate } from '../../../excel/cell-text.js';

/** The columns of the user workbook: the fields a person types, in form order; never the password. */
export function sheetFields(model: EntityModel): FieldModel[] {
  return model.formOrder
    .map((name) => fieldOf(model, name))
    .filter((f): f is FieldModel => f !== undefined && !f.isBase && !f.readOnly && !f.secret && !f.hashed);
}

/** A stored value → what the sheet shows: names for references, texts for dictionaries. */
export function toCell(field: FieldModel, value: unknown, catalog: UserCatalog): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (catalog.isReference(field)) return catalog.labels(field, value) || null;
  if (catalog.isDict(field)) return catalog.dictLabel(field, value);
  if (typeof value === 'number') return value;
  return String(value);
}

/** Cell text → the value the schema validates (names → ids, texts → keys), or the row's error for it. */
export function fromCell(opts: { model: EntityModel; field: FieldModel; text: string; catalog: UserCatalog; lang: Lang }): Resolved {
  const { model, field, text, catalog, lang } = opts;
  if (text === '') return { value: '' };
  if (catalog.isReference(field)) return catalog.resolveReference(field, text, lang);
  if (catalog.isDict(field)) return catalog.resolveDict(field, text, lang);
  if (field.type === 'datetime') {
    const date = normalizeDate(text);
    return date ? { value: date } : { error: messageFor(model, { keyword: 'pattern', field: field.name, params: {} }, lang) };
  }
  return { value: text };
}
