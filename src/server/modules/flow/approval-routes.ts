import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { message, type TextKey } from '../../../shared/i18n/translate.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { Db } from '../../db/database.js';
import { flowError } from './flow-messages.js';
import { FlowParams } from './flow-params.js';
import type { History } from './history.js';
import type { WorkLists } from './work-lists.js';
import type { TaskHandovers } from './task-handover.js';
import type { TaskMoves } from './task-moves.js';
import type { TaskCopies } from './task-copies.js';
import type { TaskUrges } from './task-urge.js';
import { taskActions } from './task-actions.js';

/** The approval actions' services. */
export interface ApprovalDeps { db: Db; history: History; lists: WorkLists; handovers: TaskHandovers; moves: TaskMoves; copies: TaskCopies; urges: TaskUrges }

/** What an approval route reads: the query and form fields with the JSON body over them. */
export interface ApprovalCall { request: FastifyRequest; ctx: RequestContext; params: FlowParams }

/** Registers one workflow route (routes.ts' `route`). */
export type FlowRoute = (spec: { method: 'GET' | 'POST'; path: string; summary: string }, handler: (call: ApprovalCall) => Promise<unknown>) => void;

const MAX_COMMENT = 2000;

/** The call's fields: query and form fields, then a JSON body's top-level text and number values (arrays joined by commas). */
function fieldsOf({ request, params }: ApprovalCall): FlowParams {
  const body = typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) ? request.body as Record<string, unknown> : {};
  const fields: Record<string, string | undefined> = { ...params.raw };
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
    else if (Array.isArray(value)) fields[name] = value.map(String).join(',');
  }
  return new FlowParams(fields);
}

function commentOf(fields: FlowParams): string {
  const comment = (fields.raw.comment ?? '').trim();
  if (comment.length > MAX_COMMENT) throw flowError('invalid', { name: 'comment' });
  return comment;
}

/**
 * 委派 / 完成委派, 驳回 to an earlier step, 撤回, 抄送 and 抄送我的, 催办, and what of them the
 * caller may use now (decision 0086): each one call, in the instance's history.
 */
export function registerApprovalRoutes(route: FlowRoute, deps: ApprovalDeps): void {
  const { db, history, lists, handovers, moves, copies, urges } = deps;
  route({ method: 'POST', path: '/blade-flow/work/delegate-task', summary: '委派: ask another user to handle the task; it comes back (taskId, userId, comment)' }, async (call) => {
    const fields = fieldsOf(call);
    await handovers.delegate({ db, ctx: call.ctx }, { taskId: fields.id('taskId'), userId: fields.id('userId'), comment: commentOf(fields) });
    return ok({}, 'flow.delegated');
  });
  route({ method: 'POST', path: '/blade-flow/work/resolve-task', summary: '完成委派: hand a delegated task back (taskId, comment)' }, async (call) => {
    const fields = fieldsOf(call);
    await handovers.resolve({ db, ctx: call.ctx }, { taskId: fields.id('taskId'), comment: commentOf(fields) });
    return ok({}, 'flow.resolved');
  });
  route({ method: 'GET', path: '/blade-flow/work/back-nodes', summary: 'Earlier steps a task may be sent back to (taskId)' }, async (call) =>
    ok(await moves.backNodes({ db, ctx: call.ctx }, fieldsOf(call).id('taskId'))));
  route({ method: 'POST', path: '/blade-flow/work/back-task', summary: '驳回 to an earlier step (taskId, nodeId from back-nodes, comment)' }, async (call) => {
    const fields = fieldsOf(call);
    const node = await moves.back({ db, ctx: call.ctx }, { taskId: fields.id('taskId'), nodeId: fields.required('nodeId'), comment: commentOf(fields) });
    return ok({}, message('flow.backed' as TextKey, { node: node.nodeName }));
  });
  route({ method: 'POST', path: '/blade-flow/work/withdraw-task', summary: '撤回: the last handler takes back their step, or the starter ends the request (processInstanceId, comment)' }, async (call) => {
    const fields = fieldsOf(call);
    await moves.withdraw({ db, ctx: call.ctx }, { instanceId: fields.id('processInstanceId'), comment: commentOf(fields) });
    return ok({}, 'flow.withdrawn');
  });
  route({ method: 'POST', path: '/blade-flow/work/copy-task', summary: '抄送: copy the request to users (taskId, userIds, comment)' }, async (call) => {
    const fields = fieldsOf(call);
    const count = await copies.copy({ db, ctx: call.ctx }, { taskId: fields.id('taskId'), userIds: fields.ids('userIds'), comment: commentOf(fields) });
    return ok({ count }, message('flow.copied' as TextKey, { count }));
  });
  route({ method: 'GET', path: '/blade-flow/work/copy-list', summary: '抄送我的: requests copied to the caller (category, processDefinitionName, beginDate, endDate)' }, async (call) => {
    const fields = fieldsOf(call);
    return ok(await lists.list(call.ctx, {
      status: 'copy',
      filter: { category: fields.category(), processDefinitionName: fields.optional('processDefinitionName'), beginDate: fields.dateTime('beginDate'), endDate: fields.dateTime('endDate', true) },
      page: fields.page(),
    }));
  });
  route({ method: 'POST', path: '/blade-flow/work/read-copy', summary: 'Mark the caller\'s copies of a request read (processInstanceId)' }, async (call) => {
    await copies.read({ db, ctx: call.ctx }, fieldsOf(call).id('processInstanceId'));
    return ok({});
  });
  route({ method: 'POST', path: '/blade-flow/work/urge-task', summary: '催办: remind the current handlers (processInstanceId)' }, async (call) => {
    await urges.urge({ db, ctx: call.ctx }, fieldsOf(call).id('processInstanceId'));
    return ok({}, 'flow.urged');
  });
  route({ method: 'GET', path: '/blade-flow/work/task-actions', summary: 'The approval actions the caller may use now (processInstanceId, taskId)' }, async (call) => {
    const fields = fieldsOf(call);
    const instanceId = fields.id('processInstanceId');
    await history.readable(call.ctx, instanceId);
    return ok(await taskActions({ db, ctx: call.ctx }, { instanceId, taskId: fields.raw.taskId ? fields.id('taskId') : undefined, moves }));
  });
}
