import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './load-exceljs.js';

export interface SheetColumn {
  header: string;
  width: number;
  /** Excel number format (`#,##0.00`); absent = general. */
  numFmt?: string;
}

type Cell = string | number | Date | null;

/** Bytes the output may hold before a writer waits for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * One worksheet written with exceljs' streaming WorkbookWriter: each row is committed to
 * `out` as it is added, so neither the rows nor the workbook are whole in memory. The
 * header row is bold and frozen. `addRows` waits while the output is full (backpressure).
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
    this.sheet.columns = opts.columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    this.sheet.getRow(1).font = { bold: true };
  }

  async addRows(rows: Cell[][]): Promise<void> {
    for (const row of rows) this.sheet.addRow(row).commit();
    if (this.out.writableLength > HIGH_WATER) await new Promise((resolve) => this.out.once('drain', resolve));
  }

  /** A last row in bold (totals). */
  addBoldRow(row: Cell[]): void {
    const line = this.sheet.addRow(row);
    line.font = { bold: true };
    line.commit();
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
