import { sql } from 'kysely';
import type { FlowScope } from './processes.js';
import type { TaskMoves } from './task-moves.js';
import { URGE_MINUTES } from './task-urge.js';

/** The approval buttons a handle or detail page shows: the server says which the caller may use now. */
export type TaskAction = 'complete' | 'reject' | 'transfer' | 'delegate' | 'resolve' | 'back' | 'copy' | 'withdraw' | 'urge';

/**
 * task-actions: what the caller may do with an instance (and, given, one of its tasks) now.
 * The assignee of an open task may complete, reject, transfer, delegate, copy and send it back
 * (when an earlier step exists); a task delegated to the caller may only be resolved. 撤回 as
 * TaskMoves.withdrawPlan allows; 催办 for the starter of a running request, once per URGE_MINUTES.
 * Each action checks again when it runs: this answer only decides what is shown.
 */
export async function taskActions(scope: FlowScope, { instanceId, taskId, moves }: { instanceId: string; taskId?: string; moves: TaskMoves }): Promise<TaskAction[]> {
  const { db, ctx } = scope;
  const actions: TaskAction[] = [];
  if (taskId) {
    const task = await db.selectFrom('blade_flow_task').select(['assignee_id', 'end_time', 'delegation', 'instance_id'])
      .where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (task && !task.end_time && String(task.assignee_id ?? '') === ctx.userId && String(task.instance_id) === instanceId) {
      if (task.delegation === 'pending') actions.push('resolve');
      else {
        actions.push('complete', 'reject', 'transfer', 'delegate', 'copy');
        if ((await moves.backNodes(scope, taskId)).length) actions.push('back');
      }
    }
  }
  const plan = await moves.withdrawPlan(scope, instanceId);
  if (!('refused' in plan)) actions.push('withdraw');
  const instance = await db.selectFrom('blade_flow_instance')
    .select(['start_user_id', 'end_time', sql<boolean>`urge_time is null or urge_time <= localtimestamp(0) - make_interval(mins => ${URGE_MINUTES})`.as('may_urge')])
    .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
  if (instance && !instance.end_time && String(instance.start_user_id) === ctx.userId && instance.may_urge) actions.push('urge');
  return actions;
}
