import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Lang } from '../../../../shared/schema/entity-model.js';
import { LANGS } from '../../../../shared/schema/entity-model.js';
import { translate } from '../../../../shared/i18n/translate.js';
import type { SheetLine } from '../../../excel/sheet-stream.js';
import { StreamedSheet } from '../../../excel/streamed-sheet.js';
import type { FieldModel } from '../../../../shared/schema/entity-model.js';
import type { ImportRow } from '../../job/import-target.js';

const BAD_CELL: Partial<ExcelJS.Style> = { fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } };
const ERROR_CELL: Partial<ExcelJS.Style> = { font: { color: { argb: 'FFC00000' } } };

/** The error column of an earlier report is reused, so a corrected report can be uploaded again. */
function errorColumn(header: string[]): number {
  const titles = LANGS.map((lang) => translate(lang, 'user.errorColumn'));
  const found = header.findIndex((text) => titles.includes(text));
  return found === -1 ? header.length : found;
}

async function bufferOf(out: PassThrough, write: () => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  await write();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The uploaded sheet's lines as they came (their texts, at their row numbers), with an
 * error column holding every message of a row and its bad cells filled red: the user fixes
 * it in place and uploads it again. Written as a stream (the shared streamed sheet).
 */
export async function annotatedWorkbook(opts: { lines: SheetLine[]; columns: Map<number, FieldModel>; rows: ImportRow[]; lang: Lang }): Promise<Buffer> {
  const [header, ...data] = opts.lines;
  const col = errorColumn(header.texts);
  const title = translate(opts.lang, 'user.errorColumn');
  const headers = Array.from({ length: Math.max(header.texts.length, col + 1) }, (_, i) => (i === col ? title : header.texts[i] ?? ''));
  const colOf = new Map([...opts.columns].map(([c, f]) => [f.name, c]));
  const rowOf = new Map(opts.rows.map((r) => [r.line.number, r]));
  const out = new PassThrough();
  return bufferOf(out, async () => {
    const sheet = await StreamedSheet.open(out, { name: title, columns: headers.map((h, i) => ({ header: h, width: i === col ? 60 : Math.max(12, h.length * 2 + 4) })) });
    for (const line of data) {
      const errors = rowOf.get(line.number)?.errors ?? [];
      const cells: (string | null)[] = headers.map((_, i) => (i === col ? null : line.texts[i] || null));
      const styles = new Map<number, Partial<ExcelJS.Style>>();
      if (errors.length) {
        cells[col] = errors.map((e) => e.message).join('；');
        styles.set(col, ERROR_CELL);
        for (const { field } of errors) if (colOf.has(field)) styles.set(colOf.get(field)!, BAD_CELL);
      }
      sheet.addRow(cells, { at: line.number, styles });
    }
    await sheet.finish();
  });
}
