import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';

export type Row = Record<string, unknown>;
export type EntityRecord = Record<string, unknown>;

const TEXT_TYPES = new Set(['string', 'id', 'datetime', 'date']);

function outputValue(field: FieldModel, value: unknown): unknown {
  if (value === null || value === undefined) return TEXT_TYPES.has(field.type) ? '' : null;
  if (field.type === 'datetime' && typeof value === 'string') return value.slice(0, 19);
  if (field.type === 'number' && typeof value === 'string') return Number(value);
  return value;
}

/** Columns a response needs: every non-secret field. */
export function outputColumns(model: EntityModel): string[] {
  return model.fields.filter((f) => !f.secret).map((f) => f.column);
}

/** SQL row (snake_case) → response record (camelCase), BladeX null-to-empty for text. */
export function rowToRecord(model: EntityModel, row: Row): EntityRecord {
  const out: EntityRecord = {};
  for (const field of model.fields) {
    if (field.secret || !(field.column in row)) continue;
    out[field.name] = outputValue(field, row[field.column]);
  }
  return out;
}

/** Record (camelCase) → SQL row values for the given fields. */
export function recordToRow(model: EntityModel, record: EntityRecord): Row {
  const row: Row = {};
  for (const field of model.fields) {
    if (field.name in record) row[field.column] = record[field.name];
  }
  return row;
}

export function columnOf(model: EntityModel, fieldName: string): string {
  const field = fieldOf(model, fieldName);
  if (!field) throw new Error(`${model.key}: no field ${fieldName}`);
  return field.column;
}
