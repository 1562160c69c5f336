import { exportedCell } from '../../excel/formula-guard.js';
import { loadExcelJS } from '../../excel/load-exceljs.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
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

/** A workbook with the schema's labels as header, required ones in red, and these rows. */
export async function regionWorkbook(opts: { model: EntityModel; lang: Lang; title: string; rows: EntityRecord[] }): Promise<Buffer> {
  const { model, lang } = opts;
  const fields = sheetFields(model);
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(opts.title);
  sheet.columns = fields.map((f) => ({ header: exportedCell(f.label[lang]), key: f.name, width: Math.max(14, f.label[lang].length * 2 + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  fields.forEach((f, i) => {
    if (model.required.includes(f.name)) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  for (const row of opts.rows) sheet.addRow(fields.map((f) => exportedCell(regionCell(f, row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
