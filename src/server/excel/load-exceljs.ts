import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs on first use: loading it costs about a third of a second of a start, and most
 * processes serve many requests before anyone imports or exports a workbook.
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loaded ??= import('exceljs').then((m) => m.default);
  return loaded;
}
