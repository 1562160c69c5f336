import { sql } from 'kysely';
import type { IdGenerator } from '../../db/ids.js';
import { flowError } from './flow-messages.js';
import type { FlowScope } from './processes.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';

/** One reminder per instance in this many minutes. */
export const URGE_MINUTES = 5;

/**
 * 催办 (urge-task): the starter of a running request reminds its current handlers. One
 * statement stamps the instance's `urge_time` only if the last reminder is older than
 * URGE_MINUTES (so of two at once one counts) and writes the reminder into the history; the
 * handlers' 待办 shows the task as urged (work-lists' `urgeTime`).
 */
export class TaskUrges {
  constructor(private readonly ids: IdGenerator) {}

  async urge({ db, ctx }: FlowScope, instanceId: string): Promise<void> {
    const handlers = await db.selectFrom('blade_flow_task as t').leftJoin('blade_user as u', 'u.id', 't.assignee_id')
      .select(['t.name', 'u.real_name', 't.candidate_groups']).where('t.instance_id', '=', instanceId).where('t.tenant_id', '=', ctx.tenantId)
      .where('t.end_time', 'is', null).execute();
    const names = handlers.map((h) => (h.real_name ? `${h.name}(${h.real_name})` : h.name)).join('、');
    const comment = translate(ctx.lang, 'flow.urgeComment' as TextKey, { names }).slice(0, 2000);
    const historyId = this.ids.next();
    const urged = await db
      .with('urged', (qc) => qc.updateTable('blade_flow_instance').set({ urge_time: sql`localtimestamp(0)` })
        .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).where('start_user_id', '=', ctx.userId).where('end_time', 'is', null)
        .where((eb) => eb.or([eb('urge_time', 'is', null), eb('urge_time', '<=', sql<string>`localtimestamp(0) - make_interval(mins => ${URGE_MINUTES})`)]))
        .returning(['id', 'tenant_id', 'current_activity_id', 'current_task_name']))
      .with('noted', (qc) => qc.insertInto('blade_flow_history')
        .columns(['id', 'tenant_id', 'instance_id', 'activity_id', 'activity_name', 'activity_type', 'assignee_id', 'flag', 'comment', 'end_time'])
        .expression((eb) => eb.selectFrom('urged').select([
          sql`${historyId}::bigint`.as('id'), 'tenant_id', 'id as instance_id', sql`split_part(current_activity_id, ',', 1)`.as('activity_id'),
          'current_task_name', sql`'urge'`.as('activity_type'), sql`${ctx.userId}::bigint`.as('assignee_id'), sql`'urge'`.as('flag'),
          sql`${comment}`.as('comment'), sql`localtimestamp(0)`.as('end_time'),
        ]))
        .returning('id'))
      .selectFrom('urged').select('id').executeTakeFirst();
    if (urged) return;
    const instance = await db.selectFrom('blade_flow_instance').select(['start_user_id', 'end_time']).where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!instance) throw flowError('instanceMissing');
    if (instance.end_time) throw flowError('instanceEnded');
    if (String(instance.start_user_id) !== ctx.userId) throw flowError('urgeNotStarter');
    throw flowError('urgeTooSoon', { minutes: URGE_MINUTES });
  }
}
