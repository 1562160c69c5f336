import { AppError } from '../../shared/errors.js';
import type { TextKey, TextParams } from '../../shared/i18n/translate.js';

const MB = 1024 * 1024;

/**
 * What an uploaded workbook may cost, the same for every import (jobs, users, regions).
 * Memory follows the unpacked XML, not the upload: a 120 KB file can hold a 120 MB cell.
 */
export const WORKBOOK_LIMITS = {
  /** The upload itself. */
  uploadMB: 10,
  /** What one part of the archive (a worksheet, the shared strings) may unpack to: declared in its headers, and counted while inflating. */
  partMB: 100,
  /** Characters of one cell: Excel's own maximum. */
  cellChars: 32_767,
  /**
   * Bytes of one piece of markup (a tag, a comment) and of one cell's text in the XML, checked
   * before the parser sees them: the parser holds such a piece whole. Room for a full cell of
   * escaped characters (`&amp;`, `_x000D_`: up to 7 bytes each).
   */
  markupKB: 256,
} as const;

export const UPLOAD_BYTES = WORKBOOK_LIMITS.uploadMB * MB;
export const PART_BYTES = WORKBOOK_LIMITS.partMB * MB;
export const MARKUP_BYTES = WORKBOOK_LIMITS.markupKB * 1024;

/** Rows one import may hold (the header not counted), unless the `import.maxRows` param says otherwise. */
export const DEFAULT_MAX_ROWS = 100_000;
export const MAX_ROWS_PARAM = 'import.maxRows';

/** What of the limits an operator sets (params), read when an import starts. */
export interface ReadLimits {
  maxRows: number;
}

/** Reads an operator's parameter by key (blade_param); undefined when absent or blank. */
export type LimitParamReader = (key: string) => Promise<string | undefined>;

/** The limits an operator set, read through `readParam` (the caller's, so this folder knows no module). */
export async function readLimits(readParam: LimitParamReader): Promise<ReadLimits> {
  const text = await readParam(MAX_ROWS_PARAM);
  const maxRows = text !== undefined && /^-?\d{1,9}$/.test(text) ? Number(text) : DEFAULT_MAX_ROWS;
  return { maxRows: maxRows > 0 ? maxRows : DEFAULT_MAX_ROWS };
}

/** A workbook refused for going past a limit; the message names the limit. */
export class WorkbookLimitError extends AppError {
  constructor(readonly key: TextKey, readonly params: TextParams, status = 400) {
    super(key, params, status);
  }
}

export const uploadTooLarge = () => new WorkbookLimitError('excel.uploadTooLarge', { limit: WORKBOOK_LIMITS.uploadMB }, 413);
export const partTooLarge = (part: string) => new WorkbookLimitError('excel.partTooLarge', { part: part.slice(0, 100), limit: WORKBOOK_LIMITS.partMB });
export const cellTooLong = () => new WorkbookLimitError('excel.cellTooLong', { limit: WORKBOOK_LIMITS.cellChars });
export const markupTooLong = () => new WorkbookLimitError('excel.markupTooLong', { limit: WORKBOOK_LIMITS.markupKB });
export const tooManyRows = (limit: number) => new WorkbookLimitError('excel.tooManyRows', { limit });
