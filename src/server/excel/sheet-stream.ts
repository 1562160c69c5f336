import { createRequire } from 'node:module';
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

/** A part of the archive, read when asked for. */
interface ZipEntry {
  path: string;
  stream(): Readable;
}

/** What of exceljs' streaming WorkbookReader this reader uses: its parts' parsers, not its one-pass `parse`. */
interface PartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(chunks: AsyncIterable<unknown>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

interface ZipParts {
  /** unzipper.Open.file: the archive's parts from its central directory. */
  open(path: string): Promise<{ files: ZipEntry[] }>;
  iterateStream(stream: Readable): AsyncIterable<unknown>;
}

let zipParts: ZipParts | undefined;

/** exceljs' own unzipper and chunk iterator (the versions its parsers are written against), loaded with it. */
function exceljsZipParts(): ZipParts {
  if (zipParts) return zipParts;
  const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
  const unzipper = fromExceljs('unzipper') as { Open: { file(path: string): Promise<{ files: ZipEntry[] }> } };
  const iterateStream = fromExceljs('./lib/utils/iterate-stream') as ZipParts['iterateStream'];
  zipParts = { open: (path) => unzipper.Open.file(path), iterateStream };
  return zipParts;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The rows of the first worksheet of an .xlsx file, one at a time: the worksheet is parsed
 * as a stream (exceljs' WorksheetReader), never whole in memory; only shared strings are kept.
 *
 * The archive is read through its central directory, the workbook's parts (relations,
 * workbook, shared strings) before the worksheet. exceljs' own WorkbookReader.parse reads it
 * in one pass in stored order, where exceljs' writer puts the worksheet first and
 * xl/workbook.xml last: it sets the worksheet aside and, at times, its pass ends without the
 * parts after it (an unzipper stream race, exceljs#3064: a few reads in a hundred, more with
 * two worksheets), then throws "Cannot read properties of undefined (reading 'sheets')" —
 * an import failing at once as an unreadable upload, the same file read fine a moment before.
 */
export async function* sheetLines(path: string): AsyncGenerator<SheetLine> {
  const Excel = await loadExcelJS();
  const { open, iterateStream } = exceljsZipParts();
  const { files } = await open(path);
  const part = (name: string) => files.find((f) => f.path === name);
  const reader = new Excel.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' }) as unknown as PartParsers;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  const workbook = part('xl/workbook.xml');
  if (workbook) await reader._parseWorkbook(workbook.stream());
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings.stream())) { /* cached on the reader */ }
  // The first worksheet in stored order, as exceljs' one-pass reader emitted it.
  const sheet = files.find((f) => WORKSHEET.test(f.path));
  if (!sheet) return;
  for (const { value: worksheet } of reader._parseWorksheet(iterateStream(sheet.stream()), WORKSHEET.exec(sheet.path)![1])) {
    for await (const row of worksheet) {
      const values = row.values as ExcelJS.CellValue[];
      const texts: string[] = [];
      for (let col = 1; col < values.length; col += 1) texts.push(cellText(values[col]));
      yield { number: row.number, texts };
    }
    return;
  }
}
