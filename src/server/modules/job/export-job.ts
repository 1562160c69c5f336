import { once } from 'node:events';
import type { AppServices } from '../../app-services.js';
import { JobFiles } from './job-files.js';
import { JobFailure, type JobHandler } from './job-runner.js';
import type { Job } from './job-store.js';
import type { ExportParams } from './export-source.js';
import { writeExport } from './export-workbook.js';
import { exportKindOf } from './job-kinds.js';

/**
 * An export job: the entity's export kind (`export-source.ts`: any page list, or a module's
 * own, as the users') written by the one export writer (export-workbook.ts, which the
 * synchronous BladeX exports use too) into a streamed workbook in the job store. A resumed
 * export starts again from the first row; the file is only named on the job once it is complete.
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
      const closed = once(out, 'close');
      try {
        await run.report({ done: 0, total: job.total, written: 0 });
        await writeExport({ services, model, ctx: job.ctx, source, out, onBatch: (done) => run.report({ done, written: done }) });
        await closed;
      } catch (error) {
        closed.catch(() => undefined);
        out.destroy();
        throw error;
      }
      return { resultFile: name };
    },
    discard: (job) => files.remove(job.tenantId, JobFiles.resultName(job.id)),
  };
}
