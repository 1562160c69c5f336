import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { StreamedSheet } from '../../excel/streamed-sheet.js';
import { columnOf, type ExportSource } from './export-source.js';

const BATCH = 1000;
/** Rows written between two turns of the event loop. */
const SLICE = 250;

/**
 * The one export writer (the export job and the synchronous BladeX exports): the source's
 * rows as `page` answers them (filters, order, data scope, labels), read through a cursor in
 * batches into one streamed worksheet on `out`, every text through the formula guard.
 * `onBatch` hears the rows written so far (a job's progress; it may throw to stop).
 * Answers once the workbook is written whole; a failure leaves `out` destroyed.
 */
export async function writeExport(opts: {
  services: AppServices; model: EntityModel; ctx: RequestContext; source: ExportSource; out: Writable;
  onBatch?: (done: number) => Promise<void>;
}): Promise<void> {
  const { services, model, ctx, source } = opts;
  const sheet = await StreamedSheet.open(opts.out, { name: source.sheetName, columns: source.columns });
  let done = 0;
  try {
    await services.resources.forEachBatch({ model, endpoint: source.endpoint, ctx, query: source.query, size: BATCH, onBatch: async (records) => {
      done += records.length;
      await source.prepare?.(records);
      // Each record is let go once its row is written: alive through the whole batch's
      // writing, records outlive young collections and fill the old heap (RSS) as garbage.
      for (let record = records.shift(), n = 1; record; record = records.shift(), n++) {
        sheet.addRow(source.cells(record));
        // Rows become XML synchronously: other requests get a turn between slices of a batch.
        if (n % SLICE === 0) await new Promise(setImmediate);
      }
      await sheet.drained();
      await opts.onBatch?.(done);
    } });
    await sheet.finish();
  } catch (error) {
    sheet.abort();
    throw error;
  }
}

/**
 * A synchronous export as a stream to answer with. Its first row is read before (the
 * permission, every filter): a bad one is an ordinary error answer, not a cut-off file.
 */
export async function exportStream(opts: { services: AppServices; model: EntityModel; ctx: RequestContext; source: ExportSource }): Promise<Readable> {
  const { services, model, ctx, source } = opts;
  await services.resources.page({ model, endpoint: source.endpoint, ctx, query: { ...source.query, current: '1', size: '1' } });
  const out = new PassThrough();
  writeExport({ ...opts, out }).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The empty workbook of an import: the fields' labels as header, `required` ones marked. */
export async function templateWorkbook(opts: { name: string; fields: FieldModel[]; lang: Lang; required?: string[] }): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  const columns = opts.fields.map((f) => ({ ...columnOf(f.label[opts.lang]), ...(opts.required?.includes(f.name) ? { marked: true } : {}) }));
  const sheet = await StreamedSheet.open(out, { name: opts.name, columns });
  await sheet.finish();
  await ended;
  return Buffer.concat(chunks);
}
