import { once } from 'node:events';
import { sql } from 'kysely';
import { joinTexts, translate } from '../../../shared/i18n/translate.js';
import type { FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { forEachCursorBatch } from '../../db/cursor-batches.js';
import type { RequestContext } from '../../engine/request-context.js';
import { sheetLines, type SheetLine } from '../../excel/sheet-stream.js';
import { StreamedSheet } from '../../excel/streamed-sheet.js';
import { WorkbookLimitError } from '../../excel/workbook-limits.js';
import { importLimits } from './import-limits.js';
import { JobFiles } from './job-files.js';
import { batchAhead, CREATE_BATCHES, forgetBatches, recordBatch } from './import-batches.js';
import { causeOf, JobFailure, JobStopped, type JobHandler, type JobRun } from './job-runner.js';
import type { Job } from './job-store.js';
import { reasonOf } from './import-row.js';
import { sheetColumns, writeRows } from './import-pipeline.js';
import type { ImportRow, ImportTarget } from './import-target.js';
import { importKindOf } from './job-kinds.js';

/** Rows written per transaction (and per progress write). */
export const IMPORT_BATCH = 500;
const ERRORS = 'atrium_job_row_error';

/**
 * An import job. The workbook is read as a stream; every row is checked and written with
 * the rules of its kind (`ImportTarget`: submit's for `x-import` entities, the user
 * module's for users) through the one import writer (import-pipeline.ts, which the
 * synchronous BladeX imports use too), each in a savepoint so a refused row leaves nothing. Rows go in
 * batches of IMPORT_BATCH, one transaction each, which also writes the refused rows and
 * the job's checkpoint: a batch is all in or all out, a cancel or a crash loses at most
 * the batch under way, and a resumed job skips exactly the committed rows — also when the
 * rows are in the tenant's own database and the checkpoint in the platform's, two commits
 * (import-batches.ts). The result
 * file is the workbook of refused rows with their reasons.
 */
export function importHandler(services: AppServices, files: JobFiles): JobHandler {
  return {
    async run(job: Job, run) {
      const model = services.model(job.modelKey);
      const { ctx } = job;
      const kind = importKindOf(services, model);
      if (!kind) throw new JobFailure('job.notImportable');
      await kind.allow(ctx);
      const limits = await importLimits(services);
      const lines = () => sheetLines({ file: files.localPath(job.tenantId, JobFiles.sourceName(job.id)), limits });
      const total = job.total ?? await countRows(lines);
      if (total === 0) throw new JobFailure('job.importEmpty');
      await run.report({ done: job.done, total });
      await ensureBatchTable(services, job.tenantId);
      const counts = await resumedCounts(services, job, run);
      const target = await kind.open(job);
      let columns: Map<number, FieldModel> | undefined;
      let seen = 0;
      let batch: ImportRow[] = [];
      let writing = false;
      const flush = async () => {
        writing = true;
        await target.checkBatch?.(batch);
        await writeBatch({ services, target, ctx, job, batch, counts, report: run.report });
        writing = false;
        batch = [];
      };
      try {
        for await (const line of lines()) {
          if (!columns) {
            const header = sheetColumns(target, model.required, line.texts);
            if (header.missing.length) throw new JobFailure('excel.headerMissing', { labels: joinTexts(header.missing.map((f) => f.label)) });
            columns = header.columns;
            continue;
          }
          if (line.texts.every((t) => t === '')) continue;
          seen += 1;
          if (seen <= counts.done) {
            target.skipped?.(target.read(line, columns));
            continue;
          }
          batch.push(target.read(line, columns));
          if (batch.length >= IMPORT_BATCH) await flush();
        }
      } catch (error) {
        // Only a failure of the reading itself means the file is not a workbook we can read (its cause kept for the operator).
        if (writing || error instanceof JobFailure || error instanceof JobStopped) throw error;
        throw readFailure(error);
      }
      if (batch.length) await flush();
      await forgetBatches(services.system.database.db, job.id);
      if (counts.failed === 0) return {};
      return { resultFile: await errorWorkbook(services, files, job, columns!) };
    },
  };
}

/** Data sources whose batch table this process has made sure of (databases bound before it existed). */
const batchTables = new Set<string>();

async function ensureBatchTable(services: AppServices, tenantId: string): Promise<void> {
  const source = services.tenantDatabases.bindingOf(tenantId);
  if (source === undefined || batchTables.has(source)) return;
  await sql.raw(CREATE_BATCHES).execute(services.system.database.db);
  batchTables.add(source);
}

/**
 * Where a (resumed) job goes on from: its checkpoint, unless its last batch committed with
 * the rows and the checkpoint did not (a crash between the two databases' commits): then
 * that batch's counts, its refused rows and the checkpoint are written now, and the batch
 * is skipped like every committed one.
 */
async function resumedCounts(services: AppServices, job: Job, run: JobRun): Promise<{ done: number; written: number; failed: number }> {
  const counts = { done: job.done, written: job.written, failed: job.failed };
  const ahead = await batchAhead(services.system.database.db, job.id, job.done);
  if (!ahead) return counts;
  await services.system.repo.transaction(async (repo) => {
    if (ahead.refused.length) {
      await repo.db.insertInto(ERRORS).values(ahead.refused.map((r) => ({ job_id: job.id, ...r })))
        .onConflict((oc) => oc.columns(['job_id', 'row_no']).doNothing()).execute();
    }
    await run.report({ done: ahead.done, written: ahead.written, failed: ahead.failed }, repo.db);
  });
  return { done: ahead.done, written: ahead.written, failed: ahead.failed };
}

async function countRows(lines: () => AsyncGenerator<SheetLine>): Promise<number> {
  let n = -1;
  try {
    for await (const line of lines()) if (n === -1 || line.texts.some((t) => t !== '')) n += 1;
  } catch (error) {
    throw readFailure(error);
  }
  return Math.max(0, n);
}

/** A failure of reading the upload: the limit it went past (that message), else a file that cannot be read. */
function readFailure(error: unknown): JobFailure {
  if (error instanceof WorkbookLimitError) return new JobFailure(error.key, { ...error.params });
  return new JobFailure('job.uploadUnreadable', { cause: causeOf(error) });
}

/** One batch through the pipeline's writer (import-pipeline.ts), its refused rows, counts and checkpoint committed with it. */
async function writeBatch(opts: {
  services: AppServices; target: ImportTarget; ctx: RequestContext; job: Job; batch: ImportRow[];
  counts: { done: number; written: number; failed: number };
  report: (p: { done: number; written: number; failed: number }, db: any) => Promise<void>;
}): Promise<void> {
  const { services, target, ctx, job, batch } = opts;
  let next = { ...opts.counts };
  await writeRows({
    services, target, rows: batch,
    async commit(repo, refusals) {
      const refused = refusals.map(({ row, cause }) => ({
        row_no: row.line.number, cells: JSON.stringify(row.line.texts),
        reason: cause === undefined ? row.errors.map((e) => e.message).join(ctx.lang === 'zh' ? '；' : '; ') : reasonOf(cause, ctx.lang),
      }));
      if (refused.length) await repo.db.insertInto(ERRORS).values(refused.map((r) => ({ job_id: job.id, ...r }))).execute();
      next = { done: opts.counts.done + batch.length, failed: opts.counts.failed + refused.length, written: opts.counts.written + batch.length - refused.length };
      // With the rows (committed first when they are in the tenant's own database), then the checkpoint.
      await recordBatch(repo.db, job, next, refused);
      await opts.report(next, repo.db);
    },
  });
  Object.assign(opts.counts, next);
}

/** The refused rows as they were uploaded, each with its reason, streamed from the errors table. */
async function errorWorkbook(services: AppServices, files: JobFiles, job: Job, columns: Map<number, unknown>): Promise<string> {
  const lang = job.ctx.lang;
  let header: string[] = [];
  for await (const line of sheetLines({ file: files.localPath(job.tenantId, JobFiles.sourceName(job.id)), limits: await importLimits(services) })) { header = line.texts; break; }
  const width = Math.max(header.length, ...[...columns.keys()].map((c) => c + 1));
  const name = JobFiles.resultName(job.id);
  const out = files.writer(job.tenantId, name);
  const closed = once(out, 'close');
  const sheet = await StreamedSheet.open(out, {
    name: translate(lang, 'job.errorColumn'),
    columns: [
      { header: translate(lang, 'job.rowNumber'), width: 8 },
      ...header.map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) })),
      { header: translate(lang, 'job.errorColumn'), width: 60 },
    ],
  });
  const query = services.system.database.db.selectFrom(ERRORS).select(['row_no', 'cells', 'reason']).where('job_id', '=', job.id).orderBy('row_no').compile();
  await forEachCursorBatch(services.system.database, query, 2000, (rows) =>
    sheet.addRows(rows.map((r) => {
      const cells = JSON.parse(String(r.cells)) as string[];
      return [Number(r.row_no), ...Array.from({ length: width }, (_, i) => cells[i] || null), String(r.reason)];
    })));
  await sheet.finish();
  await closed;
  return name;
}
