import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './load-exceljs.js';
import { cellText } from '../modules/user/excel/user-sheet.js';

export interface SheetLine {
  /** Excel row number (the header is row 1). */
  number: number;
  /** What each cell shows, as text; index 0 is column A. */
  texts: string[];
}

/**
 * The rows of the first worksheet of an .xlsx stream, one at a time (exceljs' streaming
 * WorkbookReader: the workbook is never whole in memory; only shared strings are kept).
 */
export async function* sheetLines(input: Readable): AsyncGenerator<SheetLine> {
  const Excel = await loadExcelJS();
  const reader = new Excel.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const texts: string[] = [];
      for (let col = 1; col < values.length; col += 1) texts.push(cellText(values[col]));
      yield { number: row.number, texts };
    }
    return;
  }
}
