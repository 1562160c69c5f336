import type { Readable } from 'node:stream';
import { BEFORE_SHEET } from './sheet-stream.js';
import { WorkbookArchive, type WorkbookFile } from './workbook-archive.js';
import { tooManyRows, type ReadLimits } from './workbook-limits.js';

async function drain(part: Readable): Promise<void> {
  for await (const _ of part) { /* counted and scanned by the guard */ }
}

/**
 * Goes through the parts a read would parse (sheetLines) with the archive's guards and
 * nothing else: no parser, so it costs what inflating costs. An upload past a limit is
 * refused (WorkbookLimitError) while its request is still open, before any job exists;
 * rows are the worksheet's `<row>` elements with content, the header taken off.
 */
export async function checkWorkbook(opts: { file: WorkbookFile; limits: ReadLimits }): Promise<void> {
  const archive = await WorkbookArchive.open(opts.file);
  try {
    for (const path of BEFORE_SHEET) {
      const entry = archive.part(path);
      if (entry) await drain(await archive.read(entry));
    }
    const sheet = archive.firstWorksheet();
    if (!sheet) return;
    const part = await archive.read(sheet.entry);
    await drain(part);
    if (part.scanner.rows - 1 > opts.limits.maxRows) throw tooManyRows(opts.limits.maxRows);
  } finally {
    archive.close();
  }
}
