import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exportedCell } from './formula-guard.js';
import { loadExcelJS } from './load-exceljs.js';

export interface SheetColumn {
  header: string;
  width: number;
  /** Excel number format (`#,##0.00`); absent = general. */
  numFmt?: string;
  /** A header in red: a column an import needs. */
  marked?: boolean;
}

const MARKED_HEADER: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFC00000' } };

type Cell = string | number | Date | null;

/** Cell styles by index in the row (0 is column A). */
export type CellStyles = ReadonlyMap<number, Partial<ExcelJS.Style>>;

/** Bytes the output may hold before a writer waits for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Bytes a stream holds unwritten. The compressor is archiver's PassThrough from
 * readable-stream 2, which has no `writableLength`: read undefined, the sheet never waited
 * on it, and on PGlite (whose answers take no turn of the event loop) a 1M-row export held
 * its whole uncompressed XML there (≈ 190 MB) until the end.
 */
const pending = (stream: Writable) => stream.writableLength ?? (stream as unknown as { _writableState?: { length: number } })._writableState?.length ?? 0;

/**
 * One worksheet written with exceljs' streaming WorkbookWriter: each row is committed to
 * `out` as it is added, so neither the rows nor the workbook are whole in memory. The
 * header row is bold and frozen. `addRows` waits while the output is full (backpressure).
 * Every text, the headers included, goes through `exportedCell`: one that would start a
 * formula is written with a leading `'`.
 */
export class StreamedSheet {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  static async open(out: Writable, opts: { name: string; columns: SheetColumn[] }): Promise<StreamedSheet> {
    return new StreamedSheet(await loadExcelJS(), out, opts);
  }

  private constructor(Excel: typeof ExcelJS, private readonly out: Writable, opts: { name: string; columns: SheetColumn[] }) {
    this.workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet(opts.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = opts.columns.map((c, i) => ({ key: String(i), header: exportedCell(c.header), width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    opts.columns.forEach((c, i) => { if (c.marked) header.getCell(i + 1).font = MARKED_HEADER; });
  }

  async addRows(rows: Cell[][]): Promise<void> {
    for (const row of rows) this.addRow(row);
    await this.drained();
  }

  /**
   * One row, committed at once; call `drained` after a batch of them. `at`: its row number
   * (after the rows written so far; the next one when absent), `styles`: of some of its cells.
   */
  addRow(row: Cell[], opts: { at?: number; styles?: CellStyles } = {}): void {
    const line = opts.at === undefined ? this.sheet.addRow(row.map(exportedCell)) : this.sheet.getRow(opts.at);
    if (opts.at !== undefined) line.values = row.map(exportedCell);
    for (const [index, style] of opts.styles ?? []) Object.assign(line.getCell(index + 1), style);
    line.commit();
  }

  /** Waits while the output (or the compressor before it) holds more than it should. */
  async drained(): Promise<void> {
    for (const stream of [this.compressor(), this.out]) {
      if (stream && pending(stream) > HIGH_WATER) await once(stream, 'drain');
    }
  }

  /**
   * The compressor the sheet's XML is piped into. exceljs writes each 64 KB of it there
   * without waiting, so when compressing falls behind (a busy CPU) the chunks would pile up
   * in its buffer, and the file stream behind it never looks full: the wait is on it.
   */
  private compressor(): Writable | undefined {
    return (this.sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  }

  /** A last row in bold (totals). */
  addBoldRow(row: Cell[]): void {
    const line = this.sheet.addRow(row.map(exportedCell));
    line.font = { bold: true };
    line.commit();
  }

  /**
   * Stops a sheet that will not be finished (a stopped job): the zip takes nothing more and
   * `out` is closed. What exceljs still has in flight then fails, quietly: an error event
   * nobody listens to would end the process.
   */
  abort(): void {
    const zip = (this.workbook as unknown as { zip?: { abort(): void; on(event: 'error', f: () => void): void } }).zip;
    zip?.on('error', () => undefined);
    this.compressor()?.on('error', () => undefined);
    this.out.on('error', () => undefined);
    zip?.abort();
    this.out.destroy();
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
