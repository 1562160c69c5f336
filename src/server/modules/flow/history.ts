import type { Db } from '../../db/database.js';
import type { RequestContext } from '../../engine/request-context.js';
import { hasAdminRole } from '../../engine/request-context.js';
import { flowError } from './flow-messages.js';
import { offersOf } from './task-offers.js';

function durationText(ms: number): string {
  if (!(ms >= 0)) return '';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${m ? `${m}分` : ''}${s % 60}秒`;
}

const toMs = (t: string) => Date.parse(t.replace(' ', 'T') + 'Z');

/** History of an instance and who may read it: its starter, its task people (and who delegated), those it was copied to, the tenant's admins. */
export class History {
  constructor(private readonly db: Db) {}

  /** The instance if the caller may see it (same tenant, and a participant or an admin), else 400. */
  async readable(ctx: RequestContext, instanceId: string) {
    const instance = await this.db.selectFrom('blade_flow_instance').selectAll().where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!instance) throw flowError('instanceMissing');
    if (hasAdminRole(ctx) || String(instance.start_user_id) === ctx.userId) return instance;
    const groups = offersOf(ctx);
    const involved = await this.db.selectFrom('blade_flow_task as t').select('t.id').where('t.instance_id', '=', instanceId)
      .where((eb) => eb.or([
        eb('t.assignee_id', '=', ctx.userId),
        eb('t.owner_id', '=', ctx.userId),
        eb.exists(eb.selectFrom('blade_flow_copy as cp').select('cp.id').whereRef('cp.instance_id', '=', 't.instance_id').where('cp.user_id', '=', ctx.userId)),
        eb.exists(eb.selectFrom('blade_flow_task_candidate as c').select('c.task_id').whereRef('c.task_id', '=', 't.id').where('c.group_alias', 'in', groups)),
      ])).limit(1).executeTakeFirst();
    if (!involved) throw flowError('instanceMissing');
    return instance;
  }

  async steps(ctx: RequestContext, instanceId: string) {
    await this.readable(ctx, instanceId);
    const rows = await this.db.selectFrom('blade_flow_history as h').leftJoin('blade_user as u', 'u.id', 'h.assignee_id')
      .select(['h.activity_id', 'h.activity_name', 'h.activity_type', 'h.task_id', 'h.assignee_id', 'h.create_time', 'h.end_time', 'h.comment', 'h.flag', 'u.real_name'])
      .where('h.instance_id', '=', instanceId).orderBy('h.id', 'asc').execute();
    return rows.map((r) => ({
      historyActivityId: r.activity_id, historyActivityName: r.activity_name, historyActivityType: r.activity_type,
      taskId: r.task_id ? String(r.task_id) : '', assignee: r.assignee_id ? String(r.assignee_id) : '', assigneeName: r.real_name ?? '',
      createTime: r.create_time, endTime: r.end_time ?? '', durationTime: r.end_time ? durationText(toMs(r.end_time) - toMs(r.create_time)) : '',
      comment: r.comment, flag: r.flag,
    }));
  }
}
