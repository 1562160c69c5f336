import type { Db } from '../../db/database.js';
import { touchedCondition } from './task-touch.js';
import { flowError } from './flow-messages.js';
import type { FlowScope, Processes } from './processes.js';

/** An earlier user task the process may go back to, and who handled it last. */
export interface BackNode { nodeId: string; nodeName: string; assignee: string; assigneeName: string }

/** 驳回 to an earlier step: the caller's open task, the step chosen from back-nodes, why. */
export interface BackInput { taskId: string; nodeId: string; comment: string }

/** What a 撤回 by the caller would do: end the request (its starter) or take back the caller's last step. */
export type WithdrawPlan = { kind: 'end'; revision: number } | { kind: 'retake'; revision: number; nodeId: string };

const MOVE_ATTEMPTS = 3;

/** History flags of rows that end a task's step without moving the process (the task changed hands). */
const HAND_FLAGS = ['transfer', 'delegate', 'resolve'];

/**
 * 驳回 to any earlier user task and 撤回: the process jumps (Processes.jump) instead of stepping.
 * - 驳回 (reject-task with nodeId): the assignee of an open task sends the request back to a user
 *   task completed earlier in this instance; it goes to whoever completed it last; every open task ends as `back`.
 * - 撤回 (withdraw-task): while the next step is untouched (not claimed, delegated, transferred or
 *   done), the last handler takes their step back (it opens again, theirs), or the starter, when
 *   nobody has acted since the start, ends the request as withdrawn (an x-flow row becomes editable).
 */
export class TaskMoves {
  constructor(private readonly processes: Processes) {}

  /** back-nodes: the user tasks completed in this instance before, first reached first, without the task's own step. */
  async backNodes({ db, ctx }: FlowScope, taskId: string): Promise<BackNode[]> {
    const task = await openTaskOf({ db, ctx }, taskId);
    const rows = await db.selectFrom('blade_flow_history as h').leftJoin('blade_user as u', 'u.id', 'h.assignee_id')
      .select(['h.id', 'h.activity_id', 'h.activity_name', 'h.assignee_id', 'u.real_name'])
      .where('h.instance_id', '=', task.instance_id).where('h.activity_type', '=', 'userTask').where('h.flag', 'in', ['ok', 'no'])
      .where('h.assignee_id', 'is not', null).orderBy('h.id', 'asc').execute();
    const nodes = new Map<string, BackNode>();
    for (const r of rows) {
      if (r.activity_id === task.task_def_key) continue;
      const first = nodes.get(r.activity_id);
      const node = { nodeId: r.activity_id, nodeName: r.activity_name, assignee: String(r.assignee_id), assigneeName: r.real_name ?? '' };
      // Keeps the first-reached order, with the last handler.
      if (first) Object.assign(first, { assignee: node.assignee, assigneeName: node.assigneeName });
      else nodes.set(r.activity_id, node);
    }
    return [...nodes.values()];
  }

  async back(scope: FlowScope, { taskId, nodeId, comment }: BackInput): Promise<BackNode> {
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
      const task = await openTaskOf(scope, taskId);
      if (String(task.assignee_id ?? '') !== scope.ctx.userId) throw flowError(task.assignee_id === null ? 'taskNotClaimed' : 'taskNotYours');
      if (task.delegation === 'pending') throw flowError('taskDelegated');
      const node = (await this.backNodes(scope, taskId)).find((n) => n.nodeId === nodeId);
      if (!node) throw flowError('backNodeInvalid', { detail: nodeId });
      const jumped = await this.processes.jump(scope, {
        instanceId: task.instance_id, revision: Number(task.revision), to: node.nodeId, assignee: node.assignee, flag: 'back', comment, callerTaskId: taskId, untouched: false,
      });
      if (jumped) return node;
    }
    throw flowError('taskDone');
  }

  /** Whether and how the caller may 撤回 the instance now; the refusal's key otherwise. */
  async withdrawPlan({ db, ctx }: FlowScope, instanceId: string): Promise<WithdrawPlan | { refused: 'withdrawNotAllowed' | 'withdrawTouched' | 'instanceEnded' }> {
    const instance = await db.selectFrom('blade_flow_instance').select(['id', 'start_user_id', 'end_time', 'revision'])
      .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!instance) throw flowError('instanceMissing');
    if (instance.end_time) return { refused: 'instanceEnded' };
    const last = await db.selectFrom('blade_flow_history').select(['activity_id', 'activity_type', 'assignee_id', 'flag'])
      .where('instance_id', '=', instanceId).where('end_time', 'is not', null).where('activity_type', 'in', ['userTask', 'startEvent'])
      .where((eb) => eb.or([eb('flag', 'is', null), eb('flag', 'not in', HAND_FLAGS)]))
      .orderBy('end_time', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const revision = Number(instance.revision);
    const starter = String(instance.start_user_id) === ctx.userId;
    const lastByCaller = last && String(last.assignee_id ?? '') === ctx.userId;
    let plan: WithdrawPlan | undefined;
    if (last?.activity_type === 'userTask' && lastByCaller && ['ok', 'no'].includes(String(last.flag))) plan = { kind: 'retake', revision, nodeId: last.activity_id };
    else if (starter && (!last || last.activity_type === 'startEvent')) plan = { kind: 'end', revision };
    if (!plan) return { refused: 'withdrawNotAllowed' };
    if (await touched(db, instanceId)) return { refused: 'withdrawTouched' };
    return plan;
  }

  async withdraw(scope: FlowScope, { instanceId, comment }: { instanceId: string; comment: string }): Promise<WithdrawPlan['kind']> {
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
      const plan = await this.withdrawPlan(scope, instanceId);
      if ('refused' in plan) throw flowError(plan.refused);
      if (plan.kind === 'end') {
        await this.processes.terminate(scope, {
          instanceId, reason: comment, state: 'withdrawn',
          check: async ({ db }, instance) => {
            if (instance.revision !== plan.revision) throw flowError('withdrawTouched');
            if (await touched(db, instanceId)) throw flowError('withdrawTouched');
          },
        });
        return 'end';
      }
      const jumped = await this.processes.jump(scope, {
        instanceId, revision: plan.revision, to: plan.nodeId, assignee: scope.ctx.userId, flag: 'withdraw', comment, untouched: true,
      });
      if (jumped) return 'retake';
    }
    throw flowError('withdrawTouched');
  }
}

/** An open task of the caller's tenant with its instance's revision. */
async function openTaskOf({ db, ctx }: FlowScope, taskId: string) {
  const task = await db.selectFrom('blade_flow_task as t').innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id')
    .select(['t.id', 't.instance_id', 't.task_def_key', 't.assignee_id', 't.end_time', 't.delegation', 'i.revision'])
    .where('t.id', '=', taskId).where('t.tenant_id', '=', ctx.tenantId).executeTakeFirst();
  if (!task) throw flowError('taskMissing');
  if (task.end_time) throw flowError('taskDone');
  return { ...task, instance_id: String(task.instance_id) };
}

async function touched(db: Db, instanceId: string): Promise<boolean> {
  const row = await db.selectNoFrom(touchedCondition(instanceId).as('touched')).executeTakeFirst();
  return Boolean(row?.touched);
}
