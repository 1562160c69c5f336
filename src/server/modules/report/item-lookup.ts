import type { AppServices } from '../../app-services.js';
import { anyOf, likeSearch } from '../../engine/conditions.js';
import { searchRouteOf } from '../../db/row-security-search.js';
import type { RequestContext } from '../../engine/request-context.js';
import { reportError } from './report-messages.js';

const LIMIT = 20;
const MAX_TEXT = 64;

/**
 * Items whose name contains the text (all items, by name, when it is empty), at most 20:
 * the report filters' autocomplete. The caller's tenant and data scope on items apply.
 */
export async function itemsByName(services: AppServices, query: { ctx: RequestContext; text: unknown }): Promise<{ id: string; itemName: string; itemCode: string }[]> {
  const { ctx, text: raw } = query;
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text.length > MAX_TEXT) throw reportError('badText', { label: ctx.lang === 'zh' ? '项目名称' : 'item name', max: MAX_TEXT });
  const model = services.model('manage/item');
  let q = services.system.repo.db.selectFrom(model.table).select(['id', 'item_name', 'item_code'])
    .where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0);
  // Under row security, on the platform's database (a tenant's own has no policies).
  const route = services.system.database.rowSecurity && services.tenantDatabases.bindingOf(ctx.tenantId) === undefined ? searchRouteOf(model) : undefined;
  if (text) q = q.where(likeSearch('item_name', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, route));
  const scope = await services.resources.scopeOf(model, ctx);
  if (scope) q = q.where((eb) => anyOf(eb, scope));
  const rows = await q.orderBy('item_name').limit(LIMIT).execute();
  return rows.map((r) => ({ id: String(r.id), itemName: String(r.item_name), itemCode: String(r.item_code) }));
}
