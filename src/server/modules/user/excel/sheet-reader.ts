import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../../excel/load-exceljs.js';
import { joinTexts } from '../../../../shared/i18n/translate.js';
import type { EntityModel, FieldModel, Lang } from '../../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../../engine/record-codec.js';
import type { UserCatalog } from '../user-catalog.js';
import { badRequest } from '../../../../shared/errors.js';
import { cellText, fromCell, sheetFields } from './user-sheet.js';

/** One data row of the uploaded sheet: what it says, what is wrong with it, whom it updates. */
export interface SheetRow {
  /** Excel row number (the header is row 1). */
  row: number;
  values: EntityRecord;
  /** Field → message; '' for a problem of the whole row. */
  errors: Record<string, string>;
  /** Set when the row updates an existing account (isCovered). */
  existingId?: string;
}

/** Column number → field. */
export type SheetColumns = Map<number, FieldModel>;

export async function readWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('user.uploadUnreadable');
  }
  if (!workbook.worksheets[0]) throw badRequest('user.uploadUnreadable');
  return workbook;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Header cells → fields, by label in either language or by field name; every required field needs its column. */
export function headerColumns(sheet: ExcelJS.Worksheet, model: EntityModel): SheetColumns {
  const fields = sheetFields(model);
  const columns: SheetColumns = new Map();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value);
    const field = fields.find((f) => sameText(f.label.zh, text) || sameText(f.label.en, text) || sameText(f.name, text));
    if (field && ![...columns.values()].includes(field)) columns.set(col, field);
  });
  const present = new Set([...columns.values()].map((f) => f.name));
  const missing = fields.filter((f) => model.required.includes(f.name) && !present.has(f.name));
  if (missing.length) throw badRequest('excel.headerMissing', { labels: joinTexts(missing.map((f) => f.label)) });
  return columns;
}

/** Every non-blank row, cells converted (names → ids, texts → keys); conversion failures become the row's errors. */
export function readRows(opts: { sheet: ExcelJS.Worksheet; columns: SheetColumns; model: EntityModel; catalog: UserCatalog; lang: Lang }): SheetRow[] {
  const out: SheetRow[] = [];
  for (let r = 2; r <= opts.sheet.rowCount; r += 1) {
    const cells = [...opts.columns].map(([col, field]) => ({ field, text: cellText(opts.sheet.getRow(r).getCell(col).value) }));
    if (cells.every((c) => c.text === '')) continue;
    const row: SheetRow = { row: r, values: {}, errors: {} };
    for (const { field, text } of cells) {
      const resolved = fromCell({ model: opts.model, field, text, catalog: opts.catalog, lang: opts.lang });
      if ('error' in resolved) row.errors[field.name] = resolved.error;
      else row.values[field.name] = resolved.value;
    }
    out.push(row);
  }
  return out;
}
