import { sql } from 'kysely';
import type { IdGenerator } from '../../db/ids.js';
import { flowError } from './flow-messages.js';
import type { FlowScope } from './processes.js';

/** 转办 / 委派: the task, the user it goes to, and why. */
export interface HandOverInput { taskId: string; userId: string; comment: string }

/** 完成委派: the task delegated to the caller and what they say handing it back. */
export interface ResolveInput { taskId: string; comment: string }

const NOW = sql`localtimestamp(0)`;

/** One hand-over of an open task: who takes it, what else the task row records, the flag its ending history row gets. */
interface HandOver {
  taskId: string; comment: string; flag: 'transfer' | 'delegate' | 'resolve';
  /** The task's new assignee: a user id, or the task's owner (委派人) as it is handed back. */
  to: { userId: string } | 'owner';
  /** The task's delegation before (`pending` for a resolve; anything but `pending` otherwise) and after. */
  delegation: { before: 'pending' | 'free'; after: string };
}

/**
 * 转办, 委派 and 完成委派: an open task changes hands in one statement. The task moves only while
 * open and the caller's (and, for a resolve, delegated to the caller); its open history row ends
 * with the flag and the comment and a new one opens for the new assignee; the instance's
 * revision moves too, so a complete of the same task racing it (which read the old revision)
 * steps again and finds the task no longer the caller's. Of a hand-over and a complete at once, one wins.
 * - 转办 (transfer-task): the task is the other user's from now on.
 * - 委派 (delegate-task): the other user handles it for the caller (the owner) and hands it back
 *   with 完成委派 (resolve-task); until then they may not complete it, and the owner sees it as delegated.
 */
export class TaskHandovers {
  constructor(private readonly ids: IdGenerator) {}

  async transfer(scope: FlowScope, { taskId, userId, comment }: HandOverInput): Promise<void> {
    await this.checkUser(scope, { userId, self: 'transferSelf' });
    await this.handOver(scope, { taskId, comment, flag: 'transfer', to: { userId }, delegation: { before: 'free', after: '' } });
  }

  async delegate(scope: FlowScope, { taskId, userId, comment }: HandOverInput): Promise<void> {
    await this.checkUser(scope, { userId, self: 'delegateSelf' });
    await this.handOver(scope, { taskId, comment, flag: 'delegate', to: { userId }, delegation: { before: 'free', after: 'pending' } });
  }

  async resolve(scope: FlowScope, { taskId, comment }: ResolveInput): Promise<void> {
    await this.handOver(scope, { taskId, comment, flag: 'resolve', to: 'owner', delegation: { before: 'pending', after: 'resolved' } });
  }

  private async checkUser({ db, ctx }: FlowScope, { userId, self }: { userId: string; self: 'transferSelf' | 'delegateSelf' }): Promise<void> {
    if (userId === ctx.userId) throw flowError(self);
    const user = await db.selectFrom('blade_user').select('id').where('id', '=', userId).where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!user) throw flowError('taskUserMissing');
  }

  private async handOver({ db, ctx }: FlowScope, { taskId, comment, flag, to, delegation }: HandOver): Promise<void> {
    const historyId = this.ids.next();
    const assignee = to === 'owner' ? sql<string>`owner_id` : sql<string>`${to.userId}::bigint`;
    const moved = await db
      .with('moved', (qc) => qc.updateTable('blade_flow_task').set({
        assignee_id: assignee, delegation: delegation.after,
        owner_id: to === 'owner' ? null : delegation.after === 'pending' ? sql`${ctx.userId}::bigint` : sql`owner_id`,
      })
        .where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).where('end_time', 'is', null).where('assignee_id', '=', ctx.userId)
        .where((eb) => (delegation.before === 'pending' ? eb('delegation', '=', 'pending') : eb.or([eb('delegation', 'is', null), eb('delegation', '<>', 'pending')])))
        .returning(['id', 'tenant_id', 'instance_id', 'task_def_key', 'name', 'assignee_id']))
      .with('instance', (qc) => qc.updateTable('blade_flow_instance').set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', 'in', qc.selectFrom('moved').select('instance_id')).returning('id'))
      .with('closed', (qc) => qc.updateTable('blade_flow_history').set({ end_time: NOW, flag, comment: comment.slice(0, 2000) })
        .where('task_id', 'in', qc.selectFrom('moved').select('id')).where('end_time', 'is', null).returning('id'))
      .with('opened', (qc) => qc.insertInto('blade_flow_history')
        .columns(['id', 'tenant_id', 'instance_id', 'activity_id', 'activity_name', 'activity_type', 'task_id', 'assignee_id'])
        .expression((eb) => eb.selectFrom('moved').select([
          sql`${historyId}::bigint`.as('id'), 'tenant_id', 'instance_id', 'task_def_key', 'name', sql`'userTask'`.as('activity_type'), 'id as task_id', 'assignee_id',
        ]))
        .returning('id'))
      .selectFrom('moved').select('id').executeTakeFirst();
    if (moved) return;
    const task = await db.selectFrom('blade_flow_task').select(['end_time', 'assignee_id', 'delegation']).where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!task) throw flowError('taskMissing');
    if (task.end_time) throw flowError('taskDone');
    if (task.assignee_id === null) throw flowError('taskNotClaimed');
    if (String(task.assignee_id) !== ctx.userId) throw flowError('taskNotYours');
    throw flowError(delegation.before === 'pending' ? 'taskNotDelegated' : 'taskDelegated');
  }
}
