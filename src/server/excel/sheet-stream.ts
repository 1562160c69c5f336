import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { cellText } from './cell-text.js';
import { loadExcelJS } from './load-exceljs.js';
import { WorkbookArchive, type WorkbookFile } from './workbook-archive.js';
import { cellTooLong, tooManyRows, WORKBOOK_LIMITS, type ReadLimits } from './workbook-limits.js';

export interface SheetLine {
  /** Excel row number (the header is row 1). */
  number: number;
  /** What each cell shows, as text; index 0 is column A. */
  texts: string[];
}

/** What of exceljs' streaming WorkbookReader this reader uses: its parts' parsers, not its one-pass `parse`. */
interface PartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(chunks: AsyncIterable<unknown>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

type IterateStream = (stream: Readable) => AsyncIterable<unknown>;
let iterateStream: IterateStream | undefined;

/** exceljs' own chunk iterator (the one its parsers are written against). */
function exceljsIterateStream(): IterateStream {
  iterateStream ??= createRequire(createRequire(import.meta.url).resolve('exceljs'))('./lib/utils/iterate-stream') as IterateStream;
  return iterateStream;
}

/** The parts read before the worksheet, in this order. */
export const BEFORE_SHEET = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'] as const;

/**
 * The rows of the first worksheet of an .xlsx file, one at a time: the worksheet is parsed
 * as a stream (exceljs' WorksheetReader), never whole in memory; only shared strings are kept.
 * Every part is read through the archive's guards (sizes, markup, cell text) and a row past
 * `limits.maxRows` data rows, or a cell past WORKBOOK_LIMITS.cellChars, ends the read with a
 * WorkbookLimitError.
 *
 * The archive is read through its central directory, the workbook's parts (relations,
 * workbook, shared strings) before the worksheet. exceljs' own WorkbookReader.parse reads it
 * in one pass in stored order, where exceljs' writer puts the worksheet first and
 * xl/workbook.xml last: it sets the worksheet aside and, at times, its pass ends without the
 * parts after it (an unzipper stream race, exceljs#3064: a few reads in a hundred, more with
 * two worksheets), then throws "Cannot read properties of undefined (reading 'sheets')" —
 * an import failing at once as an unreadable upload, the same file read fine a moment before.
 */
export async function* sheetLines(opts: { file: WorkbookFile; limits: ReadLimits }): AsyncGenerator<SheetLine> {
  const Excel = await loadExcelJS();
  const archive = await WorkbookArchive.open(opts.file);
  try {
    // No input: the parts are handed to its parsers one by one.
    const reader = new Excel.stream.xlsx.WorkbookReader(undefined as never, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' }) as unknown as PartParsers;
    const [rels, workbook, strings] = BEFORE_SHEET.map((path) => archive.part(path));
    if (rels) await reader._parseRels(await archive.read(rels));
    if (workbook) await reader._parseWorkbook(await archive.read(workbook));
    if (strings) for await (const _ of reader._parseSharedStrings(await archive.read(strings))) { /* cached on the reader */ }
    const sheet = archive.firstWorksheet();
    if (!sheet) return;
    const chunks = exceljsIterateStream()(await archive.read(sheet.entry));
    let data = -1;
    for (const { value: worksheet } of reader._parseWorksheet(chunks, sheet.sheetNo)) {
      for await (const row of worksheet) {
        const line = lineOf(row);
        if (line.texts.some((t) => t !== '') && ++data > opts.limits.maxRows) throw tooManyRows(opts.limits.maxRows);
        yield line;
      }
      return;
    }
  } finally {
    archive.close();
  }
}

function lineOf(row: ExcelJS.Row): SheetLine {
  const values = row.values as ExcelJS.CellValue[];
  const texts: string[] = [];
  for (let col = 1; col < values.length; col += 1) {
    const text = cellText(values[col]);
    if (text.length > WORKBOOK_LIMITS.cellChars) throw cellTooLong();
    texts.push(text);
  }
  return { number: row.number, texts };
}
