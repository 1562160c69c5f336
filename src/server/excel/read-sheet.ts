import { badRequest } from '../../shared/errors.js';
import type { TextKey } from '../../shared/i18n/translate.js';
import { sheetLines, type SheetLine } from './sheet-stream.js';
import type { WorkbookFile } from './workbook-archive.js';
import { WorkbookLimitError, type ReadLimits } from './workbook-limits.js';

/**
 * Every line of the first worksheet (sheetLines, its limits included), for an import that
 * checks the whole file before it writes anything. A file that cannot be read for another
 * reason than a limit is refused with `unreadable`.
 */
export async function readSheet(opts: { file: WorkbookFile; limits: ReadLimits; unreadable: TextKey }): Promise<SheetLine[]> {
  const lines: SheetLine[] = [];
  try {
    for await (const line of sheetLines(opts)) lines.push(line);
  } catch (error) {
    if (error instanceof WorkbookLimitError) throw error;
    throw badRequest(opts.unreadable);
  }
  return lines;
}
