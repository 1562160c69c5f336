import { badRequest } from '../../../shared/errors.js';
import { joinTexts, type TextKey } from '../../../shared/i18n/translate.js';
import type { EntityModel, FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { readSheet } from '../../excel/read-sheet.js';
import type { SheetLine } from '../../excel/sheet-stream.js';
import { importLimits } from './import-limits.js';
import { dataRows, sheetColumns, writeRows, type Refusal } from './import-pipeline.js';
import type { ImportKind, ImportRow } from './import-target.js';

/** What a synchronous import did: the sheet as read, its rows, and the refused ones (none: every row is written). */
export interface WholeImport {
  lines: SheetLine[];
  columns: Map<number, FieldModel>;
  rows: ImportRow[];
  refused: Refusal[];
}

/**
 * A synchronous import (BladeX import-user, import-region) on the job's pipeline: the upload
 * read whole under the workbook limits (size, rows, cells, markup: excel/), its rows read
 * and checked by the kind's target exactly as a job's batch is, then, when no row has an
 * error, written by the same writer all or nothing (one transaction; the first refused row
 * undoes it). The caller answers the refusals in its endpoint's words.
 */
export async function importWhole(opts: {
  services: AppServices; model: EntityModel; ctx: RequestContext; kind: ImportKind; file: Buffer;
  params: Record<string, unknown>; texts: { unreadable: TextKey; empty: TextKey };
}): Promise<WholeImport> {
  const { services, ctx } = opts;
  const lines = await readSheet({ file: opts.file, limits: await importLimits(services), unreadable: opts.texts.unreadable });
  const target = await opts.kind.open({ ctx, params: opts.params });
  const { columns, missing } = sheetColumns(target, opts.model.required, lines[0]?.texts ?? []);
  if (missing.length) throw badRequest('excel.headerMissing', { labels: joinTexts(missing.map((f) => f.label)) });
  const rows = dataRows(target, lines.slice(1), columns);
  if (rows.length === 0) throw badRequest(opts.texts.empty);
  await target.checkBatch?.(rows);
  const invalid = rows.filter((row) => row.errors.length > 0);
  const refused = invalid.length ? invalid.map((row) => ({ row })) : await writeRows({ services, target, rows, whole: true });
  return { lines, columns, rows, refused };
}
