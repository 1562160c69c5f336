import type { Readable } from 'node:stream';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { exportStream } from '../job/export-workbook.js';
import { regionExport } from './region-export-job.js';

/** BladeX export-region: the regions' export kind (the job's) written by the one export writer as the answer's stream. */
export async function exportRegions(services: AppServices, ctx: RequestContext): Promise<Readable> {
  const model = services.model('base/region');
  const source = await regionExport(services, model).open(ctx, { query: {}, columns: '' });
  return exportStream({ services, model, ctx, source });
}
