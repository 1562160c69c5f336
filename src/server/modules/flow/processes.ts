import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { ProcessMeta } from './bpmn-check.js';
import { variableName } from './condition-expression.js';
import type { DefinitionRow } from './definitions.js';
import { flowError, flowText } from './flow-messages.js';
import { isId } from './flow-params.js';
import { completeTask, FlowRunError, startProcess, type StepResult, type WaitingTask } from './flow-runtime.js';

/** Business row a process instance belongs to (leave: `blade_process_leave` + its id). */
export interface Business { table: string; id: string }

interface InstanceRow {
  id: string; tenant_id: string; definition_id: string; engine_state: string; revision: number; end_time: string | null;
  suspension_state: number; state: string;
}

interface TaskRow {
  id: string; tenant_id: string; instance_id: string; task_def_key: string; execution_id: string; assignee_id: string | null;
  end_time: string | null; name: string; candidate_groups: string;
}

const NOW = sql`localtimestamp(0)`;
const TASK_USER_PREFIX = 'taskUser_';

/** `taskUser_<id>` or `<id>` → the user id; anything else is nobody. */
export function userIdOf(value: unknown): string | null {
  const text = String(value ?? '').trim();
  const id = text.startsWith(TASK_USER_PREFIX) ? text.slice(TASK_USER_PREFIX.length) : text;
  return isId(id) ? id : null;
}

function resolve(text: string, variables: Record<string, unknown>): string {
  const name = variableName(text);
  return name ? String(variables[name] ?? '') : text;
}

/** Process variables a request may set: scalars with plain names only. */
export function cleanVariables(input: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const [key, value] of Object.entries(input)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key)) continue;
    if (typeof value === 'string' ? value.length <= 1000 : typeof value === 'number' || typeof value === 'boolean') out[key] = value as string | number | boolean;
  }
  return out;
}

/**
 * Runs process instances: every transition reads the engine state from the instance row
 * (locked), steps bpmn-engine, and writes the new state, the tasks and the history in the
 * caller's transaction, so a step is all or nothing and any server process can take the next.
 */
export class Processes {
  /* A deployed definition never changes (only its suspension state, read where it matters). */
  private readonly deployed = new Map<string, { meta: ProcessMeta; xml: string }>();

  constructor(private readonly ids: IdGenerator) {}

  private async definition(tx: Db, id: string): Promise<{ meta: ProcessMeta; xml: string } | undefined> {
    const known = this.deployed.get(id);
    if (known) return known;
    const row = await tx.selectFrom('blade_flow_definition').select(['meta', 'xml']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    if (this.deployed.size >= 500) this.deployed.delete(this.deployed.keys().next().value!);
    const def = { meta: JSON.parse(row.meta) as ProcessMeta, xml: String(row.xml) };
    this.deployed.set(id, def);
    return def;
  }

  /** Starts an instance of a visible, active definition; returns its id. Runs inside `tx`. */
  async start(tx: Db, ctx: RequestContext, def: DefinitionRow, business: Business, variables: Record<string, unknown>): Promise<string> {
    if (Number(def.suspension_state) !== 1) throw flowError(ctx.lang, 'definitionSuspended');
    const meta = JSON.parse(def.meta) as ProcessMeta;
    let step: StepResult;
    try {
      step = await startProcess(def.xml, variables, def.id);
    } catch (error) {
      if (error instanceof FlowRunError) throw flowError(ctx.lang, 'startFailed', { reason: error.message });
      throw error;
    }
    const instanceId = this.ids.next();
    const starter = await tx.selectFrom('blade_user').select(['real_name', 'name']).where('id', '=', ctx.userId).executeTakeFirst();
    await tx.insertInto('blade_flow_instance').values({
      id: instanceId, tenant_id: ctx.tenantId, definition_id: def.id, process_key: def.process_key, process_name: def.name,
      process_version: def.version, category: def.category, business_table: business.table, business_id: business.id,
      start_user_id: ctx.userId, start_user_name: String(starter?.real_name || starter?.name || ctx.account || ''),
      engine_state: step.state, revision: 0,
    }).execute();
    const startNode = Object.entries(meta.nodes).find(([, n]) => n.type === 'StartEvent');
    await tx.insertInto('blade_flow_history').values({
      id: this.ids.next(), instance_id: instanceId, activity_id: startNode?.[0] ?? 'start', activity_name: startNode?.[1].name || '开始',
      activity_type: 'startEvent', assignee_id: ctx.userId, end_time: NOW,
    }).execute();
    await this.afterStep(tx, ctx, { id: instanceId, tenant_id: ctx.tenantId, definition_id: def.id }, meta, step, []);
    return instanceId;
  }

  /** claim-task: a candidate takes an open, unassigned task. */
  async claim(db: Db, ctx: RequestContext, taskId: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const task = await this.lockTask(tx, ctx, taskId);
      if (task.assignee_id === ctx.userId) return;
      if (task.assignee_id) throw flowError(ctx.lang, 'taskClaimed');
      const candidate = await tx.selectFrom('blade_flow_task_candidate').select('task_id').where('task_id', '=', taskId)
        .where('group_alias', 'in', ctx.roleAliases?.length ? ctx.roleAliases : ['']).executeTakeFirst();
      if (!candidate) throw flowError(ctx.lang, 'taskNotCandidate');
      await tx.updateTable('blade_flow_task').set({ assignee_id: ctx.userId, claim_time: NOW }).where('id', '=', taskId).execute();
      await tx.deleteFrom('blade_flow_task_candidate').where('task_id', '=', taskId).execute();
      await tx.updateTable('blade_flow_history').set({ assignee_id: ctx.userId }).where('task_id', '=', taskId).execute();
    });
  }

  /** complete-task: the assignee completes; `pass` decides the gateways. One winner when two race. */
  async complete(db: Db, ctx: RequestContext, input: { taskId: string; pass: boolean; comment: string; variables: Record<string, unknown> }): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const task = await this.lockTask(tx, ctx, input.taskId);
      if (!task.assignee_id) throw flowError(ctx.lang, 'taskNotClaimed');
      if (task.assignee_id !== ctx.userId) throw flowError(ctx.lang, 'taskNotYours');
      const instance = await this.lockInstance(tx, ctx, task.instance_id);
      const def = await this.definition(tx, instance.definition_id);
      if (!def) throw flowError(ctx.lang, 'definitionMissing');
      const comment = input.comment || flowText(ctx.lang, input.pass ? 'passComment' : 'rejectComment');
      let step: StepResult;
      try {
        step = await completeTask(instance.engine_state, task.execution_id, task.task_def_key, { ...input.variables, pass: input.pass }, { cacheKey: instance.definition_id, xml: def.xml });
      } catch (error) {
        if (error instanceof FlowRunError) throw flowError(ctx.lang, 'stepFailed', { reason: error.message });
        throw error;
      }
      const flag = input.pass ? 'ok' : 'no';
      await tx.updateTable('blade_flow_task').set({ end_time: NOW, comment, flag, end_reason: 'completed' }).where('id', '=', task.id).execute();
      await tx.updateTable('blade_flow_history').set({ end_time: NOW, comment, flag }).where('task_id', '=', task.id).execute();
      const open = await tx.selectFrom('blade_flow_task').select('execution_id').where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
      await this.afterStep(tx, ctx, instance, def.meta, step, open.map((t) => String(t.execution_id)), { revision: instance.revision, rejected: !input.pass });
    });
  }

  /** Ends an instance before its end (follow/delete-process-instance, work/delete-task). */
  async terminate(tx: Db, ctx: RequestContext, instanceId: string, reason: string): Promise<void> {
    const instance = await this.lockInstance(tx, ctx, instanceId, true);
    await tx.updateTable('blade_flow_task').set({ end_time: NOW, end_reason: 'deleted', comment: reason.slice(0, 2000) })
      .where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
    await tx.updateTable('blade_flow_history').set({ end_time: NOW, comment: reason.slice(0, 2000) })
      .where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
    await tx.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', tx.selectFrom('blade_flow_task').select('id').where('instance_id', '=', instance.id)).execute();
    await tx.updateTable('blade_flow_instance').set({ end_time: NOW, state: 'deleted', delete_reason: reason.slice(0, 1000), current_activity_id: '', current_task_name: '', revision: instance.revision + 1 })
      .where('id', '=', instance.id).execute();
  }

  async lockTask(tx: Db, ctx: RequestContext, taskId: string): Promise<TaskRow> {
    const task = await tx.selectFrom('blade_flow_task').selectAll().where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).forUpdate().executeTakeFirst();
    if (!task) throw flowError(ctx.lang, 'taskMissing');
    if (task.end_time) throw flowError(ctx.lang, 'taskDone');
    return task as TaskRow;
  }

  async lockInstance(tx: Db, ctx: RequestContext, instanceId: string, allowSuspended = false): Promise<InstanceRow> {
    const row = await tx.selectFrom('blade_flow_instance').select(['id', 'tenant_id', 'definition_id', 'engine_state', 'revision', 'end_time', 'suspension_state', 'state'])
      .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).forUpdate().executeTakeFirst();
    if (!row) throw flowError(ctx.lang, 'instanceMissing');
    if (row.end_time) throw flowError(ctx.lang, 'instanceEnded');
    if (!allowSuspended && Number(row.suspension_state) !== 1) throw flowError(ctx.lang, 'instanceSuspended');
    return { ...row, revision: Number(row.revision) } as InstanceRow;
  }

  /** New tasks for new waits; the instance row gets the state (or its end). */
  private async afterStep(tx: Db, ctx: RequestContext, instance: { id: string; tenant_id: string; definition_id: string }, meta: ProcessMeta,
    step: StepResult, openExecutions: string[], opts: { revision?: number; rejected?: boolean } = {}): Promise<void> {
    const fresh = step.waiting.filter((w) => !openExecutions.includes(w.executionId));
    let currentName = '';
    for (const wait of fresh) currentName = await this.createTask(tx, instance, meta, wait, step.variables);
    if (!currentName && step.waiting.length) currentName = meta.userTasks[step.waiting[0].activityId]?.name ?? '';
    const set: Record<string, unknown> = {
      engine_state: step.state, revision: (opts.revision ?? 0) + 1,
      current_activity_id: step.waiting.map((w) => w.activityId).join(',').slice(0, 255), current_task_name: currentName.slice(0, 255),
    };
    if (step.ended) {
      Object.assign(set, { end_time: NOW, state: opts.rejected ? 'rejected' : 'completed' });
      for (const endId of step.endEvents) {
        await tx.insertInto('blade_flow_history').values({
          id: this.ids.next(), instance_id: instance.id, activity_id: endId, activity_name: meta.nodes[endId]?.name || '结束', activity_type: 'endEvent', end_time: NOW,
        }).execute();
      }
    }
    let update = tx.updateTable('blade_flow_instance').set(set).where('id', '=', instance.id);
    if (opts.revision !== undefined) update = update.where('revision', '=', opts.revision);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw flowError(ctx.lang, 'taskDone');
  }

  private async createTask(tx: Db, instance: { id: string; tenant_id: string; definition_id: string }, meta: ProcessMeta, wait: WaitingTask, variables: Record<string, unknown>): Promise<string> {
    const spec = meta.userTasks[wait.activityId];
    const name = spec?.name ?? wait.activityId;
    const assignee = spec?.assignee ? userIdOf(resolve(spec.assignee, variables)) : null;
    const groups = (spec?.candidateGroups ?? []).flatMap((g) => resolve(g, variables).split(',')).map((g) => g.trim()).filter((g) => /^[A-Za-z0-9_-]{1,64}$/.test(g));
    const taskId = this.ids.next();
    await tx.insertInto('blade_flow_task').values({
      id: taskId, tenant_id: instance.tenant_id, instance_id: instance.id, definition_id: instance.definition_id, task_def_key: wait.activityId,
      name, execution_id: wait.executionId, assignee_id: assignee, candidate_groups: groups.join(','),
    }).execute();
    if (!assignee && groups.length) {
      await tx.insertInto('blade_flow_task_candidate').values([...new Set(groups)].map((g) => ({ task_id: taskId, tenant_id: instance.tenant_id, group_alias: g }))).execute();
    }
    await tx.insertInto('blade_flow_history').values({
      id: this.ids.next(), instance_id: instance.id, activity_id: wait.activityId, activity_name: name, activity_type: 'userTask', task_id: taskId, assignee_id: assignee,
    }).execute();
    return name;
  }
}
