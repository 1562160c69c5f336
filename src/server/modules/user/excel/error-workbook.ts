import type ExcelJS from 'exceljs';
import type { Lang } from '../../../../shared/schema/entity-model.js';
import { LANGS } from '../../../../shared/schema/entity-model.js';
import { translate } from '../../../../shared/i18n/translate.js';
import type { SheetColumns, SheetRow } from './sheet-reader.js';
import { cellText } from './user-sheet.js';

const BAD_CELL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const ERROR_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FFC00000' } };

/** The error column of an earlier report is reused, so a corrected report can be uploaded again. */
function errorColumn(sheet: ExcelJS.Worksheet): number {
  const header = sheet.getRow(1);
  const titles = LANGS.map((lang) => translate(lang, 'user.errorColumn'));
  let found = 0;
  header.eachCell((cell, col) => { if (titles.includes(cellText(cell.value))) found = col; });
  return found || header.cellCount + 1;
}

/**
 * The uploaded workbook as it came, with an error column holding every message of a
 * row and its bad cells filled red: the user fixes it in place and uploads it again.
 */
export async function annotatedWorkbook(opts: {
  workbook: ExcelJS.Workbook;
  sheet: ExcelJS.Worksheet;
  columns: SheetColumns;
  rows: SheetRow[];
  lang: Lang;
}): Promise<Buffer> {
  const { sheet, columns, rows, lang } = opts;
  const col = errorColumn(sheet);
  const title = sheet.getRow(1).getCell(col);
  title.value = translate(lang, 'user.errorColumn');
  title.font = { bold: true, ...ERROR_FONT };
  sheet.getColumn(col).width = 60;
  const colOf = new Map([...columns].map(([c, f]) => [f.name, c]));
  for (let r = 2; r <= sheet.rowCount; r += 1) sheet.getRow(r).getCell(col).value = null;
  for (const row of rows) {
    const messages = Object.values(row.errors);
    if (messages.length === 0) continue;
    const line = sheet.getRow(row.row);
    const cell = line.getCell(col);
    cell.value = messages.join('；');
    cell.font = ERROR_FONT;
    for (const field of Object.keys(row.errors)) {
      const c = colOf.get(field);
      if (c) line.getCell(c).fill = BAD_CELL;
    }
  }
  return Buffer.from(await opts.workbook.xlsx.writeBuffer());
}
