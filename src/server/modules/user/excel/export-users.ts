import type { Readable } from 'node:stream';
import { largestPageSize } from '../../../../shared/schema/page-sizes.js';
import type { RequestContext } from '../../../engine/request-context.js';
import { requireUserAdmin } from '../admin-guard.js';
import { UserCatalog } from '../user-catalog.js';
import type { UserDeps } from '../user-deps.js';
import { usersWorkbook } from './user-workbook.js';

/**
 * Every user of the caller's tenant that the page's filters (and data scope) select,
 * as a workbook. The first page is read before anything is sent, so a bad filter is
 * still an ordinary error answer.
 */
export async function exportUsers(deps: UserDeps, ctx: RequestContext, query: Record<string, unknown>): Promise<Readable> {
  requireUserAdmin(ctx);
  const size = String(largestPageSize(deps.model));
  const pageOf = (current: number) => deps.queries.rawPage(ctx, { ...query, current: String(current), size });
  const [catalog, first] = await Promise.all([UserCatalog.load(deps.services, deps.model, ctx), pageOf(1)]);
  let current = 1;
  return usersWorkbook({
    model: deps.model,
    lang: ctx.lang,
    catalog,
    first: first.records,
    nextPage: async () => (current < first.pages ? (await pageOf(++current)).records : undefined),
  });
}
