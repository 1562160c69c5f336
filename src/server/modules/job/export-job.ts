import { once } from 'node:events';
import type { AppServices } from '../../app-services.js';
import { StreamedSheet } from '../../excel/streamed-sheet.js';
import { JobFiles } from './job-files.js';
import { JobFailure, type JobHandler } from './job-runner.js';
import type { Job } from './job-store.js';
import type { ExportParams } from './export-source.js';
import { exportKindOf } from './job-kinds.js';

const BATCH = 1000;
/** Rows written between two turns of the event loop. */
const SLICE = 250;

/**
 * An export job: the list's rows as `page` answers them (filters, order, data scope,
 * dictionary labels) read through a cursor into a streamed workbook in the job store, with
 * the file name, columns and cells of the entity's export kind (`export-source.ts`: any page
 * list, or a module's own, as the users'). A resumed export starts again from the first
 * row; the file is only named on the job once it is complete.
 */
export function exportHandler(services: AppServices, files: JobFiles): JobHandler {
  return {
    async run(job: Job, run) {
      const model = services.model(job.modelKey);
      const kind = exportKindOf(services, model);
      if (!kind) throw new JobFailure('job.notExportable');
      const source = await kind.open(job.ctx, job.params as unknown as ExportParams);
      const name = JobFiles.resultName(job.id);
      const out = files.writer(job.tenantId, name);
      const sheet = await StreamedSheet.open(out, { name: source.sheetName, columns: source.columns });
      const closed = once(out, 'close');
      let done = 0;
      try {
        await run.report({ done, total: job.total, written: 0 });
        await services.resources.forEachBatch(model, source.endpoint, job.ctx, source.query, BATCH, async (records) => {
          done += records.length;
          // Each record is let go once its row is written: alive through the whole batch's
          // writing, records outlive young collections and fill the old heap (RSS) as garbage.
          for (let record = records.shift(), n = 1; record; record = records.shift(), n++) {
            sheet.addRow(source.cells(record));
            // Rows become XML synchronously: other requests get a turn between slices of a batch.
            if (n % SLICE === 0) await new Promise(setImmediate);
          }
          await sheet.drained();
          await run.report({ done, written: done });
        });
        await sheet.finish();
        await closed;
      } catch (error) {
        closed.catch(() => undefined);
        sheet.abort();
        throw error;
      }
      return { resultFile: name };
    },
    discard: (job) => files.remove(job.tenantId, JobFiles.resultName(job.id)),
  };
}
