import { badRequest } from '../../../shared/errors.js';
import { fieldOf, type EntityModel, type FieldModel } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';

export type Cell = string | number | null;

/**
 * The export's columns: the ones the screen shows (`columns`, comma-joined field names, as
 * the console sends its visible columns), else the list's declared columns. Only fields
 * the API answers; an unknown name is a 400.
 */
export function exportFields(model: EntityModel, columns: unknown): FieldModel[] {
  const names = typeof columns === 'string' && columns.trim() !== ''
    ? columns.split(',').map((c) => c.trim()).filter(Boolean)
    : model.list.columns.filter((c) => !c.hidden).map((c) => c.field);
  return [...new Set(names)].map((name) => {
    const field = fieldOf(model, name);
    if (!field || field.secret || !model.outputFields.includes(name)) throw badRequest('request.paramInvalid', { name: 'columns' });
    return field;
  });
}

/** The columns an import reads: the fields a person types in the form, in form order. */
export function importFields(model: EntityModel): FieldModel[] {
  return model.formOrder
    .map((name) => fieldOf(model, name))
    .filter((f): f is FieldModel => f !== undefined && !f.isBase && !f.readOnly && !f.secret && !f.hashed);
}

/** What an exported cell shows: the dictionary label (as the list does), the parent's name, numbers as numbers. */
export function exportCell(model: EntityModel, field: FieldModel, record: EntityRecord): Cell {
  const shown = field.dict ? record[`${field.name}Name`] || record[field.name]
    : model.tree?.parentField === field.name ? record.parentName ?? record[field.name]
      : record[field.name];
  if (shown === null || shown === undefined || shown === '') return null;
  if ((field.type === 'integer' || field.type === 'number') && !field.dict && typeof shown !== 'object') {
    const n = Number(shown);
    if (Number.isFinite(n)) return n;
  }
  return String(shown);
}
