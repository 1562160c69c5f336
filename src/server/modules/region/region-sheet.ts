import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { EntityModel, FieldModel } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';

/** The columns of the region workbook, in order: what a region row is made of (BladeX RegionExcel). */
const COLUMNS = ['code', 'parentCode', 'name', 'regionLevel', 'sort', 'remark'];

export function sheetFields(model: EntityModel): FieldModel[] {
  return COLUMNS.map((name) => fieldOf(model, name)).filter((f): f is FieldModel => f !== undefined);
}

/** A region's cell: its value as saved (the level's key, which the import reads back), empty as empty. */
export function regionCell(field: FieldModel, row: EntityRecord): string | number | null {
  const value = row[field.name];
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'number' ? value : String(value);
}
