import type { AppServices } from '../../app-services.js';
import { anyOf } from '../../engine/conditions.js';
import type { RequestContext } from '../../engine/request-context.js';

/**
 * The team leaders: workers some live worker names as its 班组长 (manage/worker teamLeaderId),
 * by name — the options of the reports' 班组长 filter. The caller's tenant and data scope on workers apply.
 */
export async function teamLeaders(services: AppServices, ctx: RequestContext): Promise<{ id: string; workerName: string }[]> {
  const model = services.model('manage/worker');
  const db = services.system.repo.db;
  let q = db.selectFrom(`${model.table} as w`).select(['w.id', 'w.worker_name'])
    .where('w.tenant_id', '=', ctx.tenantId).where('w.is_deleted', '=', 0)
    .where(({ exists, selectFrom }) => exists(selectFrom(`${model.table} as m`).select('m.id')
      .whereRef('m.team_leader_id', '=', 'w.id').where('m.tenant_id', '=', ctx.tenantId).where('m.is_deleted', '=', 0)));
  const scope = await services.resources.scopeOf(model, ctx);
  if (scope) q = q.where((eb) => anyOf(eb, scope));
  const rows = await q.orderBy('w.worker_name').orderBy('w.id').execute();
  return rows.map((r) => ({ id: String(r.id), workerName: String(r.worker_name) }));
}
