import { sql } from 'kysely';
import type { IdGenerator } from '../../db/ids.js';
import { flowError } from './flow-messages.js';
import type { FlowScope } from './processes.js';

/** 转办: the task, the user it goes to, and why. */
export interface TransferInput { taskId: string; userId: string; comment: string }

const NOW = sql`localtimestamp(0)`;

/**
 * 转办 (transfer-task): the assignee hands an open task to another user of the tenant. One
 * statement: the task moves only while open and the caller's; its open history row ends as
 * `transfer` with the comment and a new one opens for the new assignee; the instance's revision
 * moves too, so a complete of the same task racing it (which read the old revision) steps again
 * and finds the task no longer the caller's. Of a transfer and a complete at once, one wins.
 */
export class TaskTransfers {
  constructor(private readonly ids: IdGenerator) {}

  async transfer({ db, ctx }: FlowScope, { taskId, userId, comment }: TransferInput): Promise<void> {
    if (userId === ctx.userId) throw flowError('transferSelf');
    const user = await db.selectFrom('blade_user').select('id').where('id', '=', userId).where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!user) throw flowError('taskUserMissing');
    const historyId = this.ids.next();
    const moved = await db
      .with('moved', (qc) => qc.updateTable('blade_flow_task').set({ assignee_id: userId })
        .where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).where('end_time', 'is', null).where('assignee_id', '=', ctx.userId)
        .returning(['id', 'tenant_id', 'instance_id', 'task_def_key', 'name']))
      .with('instance', (qc) => qc.updateTable('blade_flow_instance').set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', 'in', qc.selectFrom('moved').select('instance_id')).returning('id'))
      .with('closed', (qc) => qc.updateTable('blade_flow_history').set({ end_time: NOW, flag: 'transfer', comment: comment.slice(0, 2000) })
        .where('task_id', 'in', qc.selectFrom('moved').select('id')).where('end_time', 'is', null).returning('id'))
      .with('opened', (qc) => qc.insertInto('blade_flow_history')
        .columns(['id', 'tenant_id', 'instance_id', 'activity_id', 'activity_name', 'activity_type', 'task_id', 'assignee_id'])
        .expression((eb) => eb.selectFrom('moved').select([
          sql`${historyId}::bigint`.as('id'), 'tenant_id', 'instance_id', 'task_def_key', 'name', sql`'userTask'`.as('activity_type'), 'id as task_id', sql`${userId}::bigint`.as('assignee_id'),
        ]))
        .returning('id'))
      .selectFrom('moved').select('id').executeTakeFirst();
    if (moved) return;
    const task = await db.selectFrom('blade_flow_task').select(['end_time', 'assignee_id']).where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!task) throw flowError('taskMissing');
    if (task.end_time) throw flowError('taskDone');
    if (task.assignee_id === null) throw flowError('taskNotClaimed');
    throw flowError('taskNotYours');
  }
}
