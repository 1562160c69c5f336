import type { Readable } from 'node:stream';
import type { RequestContext } from '../../../engine/request-context.js';
import { exportStream } from '../../job/export-workbook.js';
import type { UserDeps } from '../user-deps.js';
import { userExport } from './user-export-job.js';

/** The request's list query as an export keeps it: text values, paging the export's own. */
function listQuery(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (key !== 'current' && key !== 'size' && typeof value === 'string') out[key] = value;
  return out;
}

/**
 * BladeX export-user: the users' export kind (the job's, user-export-job.ts) written by the
 * one export writer as the answer's stream — every user of the caller's tenant that the
 * page's filters (and data scope, and `deptId`'s subtree) select, with names for references.
 */
export async function exportUsers(deps: UserDeps, ctx: RequestContext, query: Record<string, unknown>): Promise<Readable> {
  const source = await userExport(deps.services, deps.model).open(ctx, { query: listQuery(query), columns: '' });
  return exportStream({ services: deps.services, model: deps.model, ctx, source });
}
