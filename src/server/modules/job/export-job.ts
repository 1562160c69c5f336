import { once } from 'node:events';
import type { AppServices } from '../../app-services.js';
import { StreamedSheet } from '../../excel/streamed-sheet.js';
import { JobFiles } from './job-files.js';
import type { JobHandler } from './job-runner.js';
import type { Job } from './job-store.js';
import { exportCell, exportFields } from './sheet-fields.js';

const BATCH = 2000;

/** What an export job keeps of the request: the list endpoint, its query (filters, order) and the columns. */
export interface ExportParams {
  endpoint: string;
  query: Record<string, string>;
  columns: string;
}

/**
 * An export job: the list's rows as `page` answers them (filters, order, data scope,
 * dictionary labels) read through a cursor into a streamed workbook in the job store.
 * A resumed export starts again from the first row; the file is only named on the job
 * once it is complete.
 */
export function exportHandler(services: AppServices, files: JobFiles): JobHandler {
  return {
    async run(job: Job, run) {
      const params = job.params as unknown as ExportParams;
      const model = services.model(job.modelKey);
      const endpoint = model.endpoints[params.endpoint];
      const fields = exportFields(model, params.columns);
      const lang = job.ctx.lang;
      const name = JobFiles.resultName(job.id);
      const out = files.writer(job.tenantId, name);
      const sheet = await StreamedSheet.open(out, {
        name: model.label[lang],
        columns: fields.map((f) => ({ header: f.label[lang], width: Math.max(12, Math.min(40, f.label[lang].length * 2 + 6)) })),
      });
      const closed = once(out, 'close');
      let done = 0;
      try {
        await run.report({ done, total: job.total, written: 0 });
        await services.resources.forEachBatch(model, endpoint, job.ctx, params.query, BATCH, async (records) => {
          done += records.length;
          // Each record is let go once its row is written: alive through the whole batch's
          // writing, records outlive young collections and fill the old heap (RSS) as garbage.
          for (let record = records.shift(); record; record = records.shift()) sheet.addRow(fields.map((f) => exportCell(model, f, record!)));
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
