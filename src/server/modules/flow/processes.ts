import { sql, type Expression, type QueryCreator } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import { hasAdminRole, type RequestContext } from '../../engine/request-context.js';
import type { ProcessMeta } from './bpmn-check.js';
import { variableName } from './condition-expression.js';
import type { DefinitionRow } from './definitions.js';
import { flowError, flowText } from './flow-messages.js';
import { isId } from './flow-params.js';
import { completeTask, FlowRunError, jumpProcess, resumeProcess, startProcess, type Running, type StepResult, type WaitingTask } from './flow-runtime.js';
import { TIMER_TABLE, timerRows, type TimerRow } from './timer-rows.js';
import { LiveEngines } from './live-engines.js';
import { makeRoom } from '../../../shared/make-room.js';
import { taskVariables } from './task-variables.js';
import { offersOf, userOffer } from './task-offers.js';
import { touchedCondition } from './task-touch.js';
import { countersignCounts, countersignOutcome, countersignUsers, stateVariables } from './countersign.js';

/** Business row a process instance belongs to (leave: `blade_process_leave` + its id). */
export interface Business { table: string; id: string }

interface InstanceRow {
  id: string; tenant_id: string; definition_id: string; engine_state: string; revision: number; end_time: string | null;
  suspension_state: number; state: string; business_table: string;
}

interface TaskRow {
  id: string; tenant_id: string; instance_id: string; task_def_key: string; execution_id: string; assignee_id: string | null;
  end_time: string | null; name: string;
}

type Instance = { id: string; tenant_id: string; definition_id: string };
/** One write of a step; a step's writes go to the database as one statement (see `writeTogether`). */
export type Write = (qc: QueryCreator<any>) => any;
/** How a step's new rows are inserted: plainly (a start) or only if the step's guard passed (a complete). */
type Insert = (table: string, rows: Record<string, unknown>[]) => Write[];

/** What a start needs of a definition the caller may see. */
export type StartDefinition = Pick<DefinitionRow, 'id' | 'process_key' | 'name' | 'version' | 'category' | 'suspension_state'>;

/** complete-task's input: `pass` from its flag, `variables` as the body holds them (checked against the task's declarations). */
export interface CompleteInput { taskId: string; pass: boolean; comment: string; variables: unknown }

/** Where a transition runs: the database (or the caller's transaction) and the caller. */
export interface FlowScope { db: Db; ctx: RequestContext }

/**
 * A start: a visible, active definition, the business row it belongs to (`businessRow` writes it),
 * the variables it starts with and the instance's id.
 */
export interface StartInput { def: StartDefinition; business: Business; businessRow: Write; variables: Record<string, unknown>; instanceId: string }

/**
 * What to end (an instance, or the instance of a task) and why; `state` is how it ended
 * (deleted, or withdrawn by its starter); `check` runs on the locked instance and may refuse.
 */
export type TerminateInput = ({ instanceId: string } | { taskId: string }) & {
  reason: string; state?: 'deleted' | 'withdrawn'; check?: (scope: FlowScope, instance: { id: string; revision: number }) => Promise<void>;
};

/**
 * A jump of a running instance (task-moves.ts): every open task ends with `flag` (the caller's
 * task, if any, with the comment) and `to` waits instead, assigned to `assignee`. Taken only
 * while the instance is at `revision` (and, if `untouched`, its open tasks are).
 */
export interface JumpInput {
  instanceId: string; revision: number; to: string; assignee: string | null; flag: string; comment: string; callerTaskId?: string;
  /** Only while no open task was claimed, delegated or transferred (撤回). */
  untouched: boolean;
}

/** The instance a step moved and its definition's parse. */
interface StepTarget { instance: Instance; meta: ProcessMeta }

const NOW = sql`localtimestamp(0)`;
/** Tries of a complete whose instance another step moved meanwhile (its task still open). */
const COMPLETE_ATTEMPTS = 5;
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

/**
 * Runs process instances: every transition reads the engine state from the instance row
 * (locked), steps bpmn-engine, and writes the new state, the tasks and the history in the
 * caller's transaction, so a step is all or nothing and any server process can take the next.
 * The engine a step leaves waiting is kept in memory (LiveEngines) and used by the next step
 * only while the row still holds the state it stored.
 */
export class Processes {
  /* A deployed definition never changes (only its suspension state, read where it matters). */
  private readonly deployed = new Map<string, { meta: ProcessMeta; xml: string }>();
  private readonly live = new LiveEngines();

  private readonly businessFacts: ReadonlyMap<string, readonly string[]>;

  /**
   * Business tables whose row carries its approval's status (`x-flow` entities, entity-approvals.ts):
   * the end step sets it to completed or rejected in the step's own statement; `written` is told after.
   */
  readonly businessStatus = new Map<string, { column: string; written: () => Promise<void> }>();

  /** `businessFacts`: per business table, the variables its row starts a process with (see `taskVariables`). */
  constructor(private readonly ids: IdGenerator, businessFacts: Record<string, readonly string[]> = {}) {
    this.businessFacts = new Map(Object.entries(businessFacts));
  }

  private async definition(tx: Db, id: string): Promise<{ meta: ProcessMeta; xml: string } | undefined> {
    const known = this.deployed.get(id);
    if (known) return known;
    const row = await tx.selectFrom('blade_flow_definition').select(['meta', 'xml']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    makeRoom(this.deployed, 500);
    const def = { meta: JSON.parse(row.meta) as ProcessMeta, xml: String(row.xml) };
    this.deployed.set(id, def);
    return def;
  }

  /**
   * Starts an instance of a visible, active definition under `instanceId`. The business row
   * (`businessRow`), the instance, its history and first tasks are one statement: all or nothing.
   */
  async start({ db, ctx }: FlowScope, { def, business, businessRow, variables, instanceId }: StartInput): Promise<void> {
    if (Number(def.suspension_state) !== 1) throw flowError('definitionSuspended');
    const known = await this.definition(db, def.id);
    if (!known) throw flowError('definitionMissing');
    let step: StepResult;
    try {
      // flowable:initiator names the variable that holds the starter (`${starter}` as an assignee).
      const started = known.meta.initiator ? { ...variables, [known.meta.initiator]: ctx.userId } : variables;
      step = await startProcess({ xml: known.xml, variables: started, cacheKey: def.id });
    } catch (error) {
      if (error instanceof FlowRunError) throw flowError('startFailed', { reason: error.message });
      throw error;
    }
    const instance = { id: instanceId, tenant_id: ctx.tenantId, definition_id: def.id };
    const startNode = Object.entries(known.meta.nodes).find(([, n]) => n.type === 'StartEvent');
    const starterName = sql<string>`coalesce((select coalesce(nullif(real_name, ''), name) from blade_user where id = ${ctx.userId}), ${ctx.account ?? ''})`;
    const startHistoryId = this.ids.next(); // history reads in id order: the start comes first
    const { writes, currentName } = this.stepWrites({ instance, meta: known.meta }, { step, insert: plainInsert, revision: 1 });
    await writeTogether(db, [
      businessRow,
      (qc) => qc.insertInto('blade_flow_instance').values({
        id: instanceId, tenant_id: ctx.tenantId, definition_id: def.id, process_key: def.process_key, process_name: def.name,
        process_version: def.version, category: def.category, business_table: business.table, business_id: business.id,
        start_user_id: ctx.userId, start_user_name: starterName, revision: 1, ...this.instanceState(step, { currentName, rejected: false }),
      }),
      (qc) => qc.insertInto('blade_flow_history').values({
        id: startHistoryId, tenant_id: ctx.tenantId, instance_id: instanceId, activity_id: startNode?.[0] ?? 'start', activity_name: startNode?.[1].name || '开始',
        activity_type: 'startEvent', assignee_id: ctx.userId, end_time: NOW,
      }),
      ...writes,
    ]);
    if (step.running) this.live.keep(instanceId, { running: step.running, revision: 1, state: step.state });
  }

  /**
   * claim-task: a candidate takes an open, unassigned task. One statement: the task is taken only
   * while open, unassigned and offered to one of the caller's roles, so of two racing claims one wins.
   */
  async claim({ db, ctx }: FlowScope, taskId: string): Promise<void> {
    const groups = offersOf(ctx);
    const claimed = await db
      .with('claimed', (qc) => qc.updateTable('blade_flow_task as t').set({ assignee_id: ctx.userId, claim_time: NOW })
        .where('t.id', '=', taskId).where('t.tenant_id', '=', ctx.tenantId).where('t.end_time', 'is', null).where('t.assignee_id', 'is', null)
        .where((eb) => eb.exists(eb.selectFrom('blade_flow_task_candidate as c').select('c.task_id').whereRef('c.task_id', '=', 't.id').where('c.group_alias', 'in', groups)))
        .returning('t.id'))
      .with('offers', (qc) => qc.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', qc.selectFrom('claimed').select('id')))
      .with('step', (qc) => qc.updateTable('blade_flow_history').set({ assignee_id: ctx.userId }).where('task_id', 'in', qc.selectFrom('claimed').select('id')))
      .selectFrom('claimed').select('id').executeTakeFirst();
    if (claimed) return;
    const task = await db.selectFrom('blade_flow_task').select(['end_time', 'assignee_id']).where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!task) throw flowError('taskMissing');
    if (task.end_time) throw flowError('taskDone');
    if (String(task.assignee_id) === ctx.userId) return;
    if (task.assignee_id) throw flowError('taskClaimed');
    throw flowError('taskNotCandidate');
  }

  /**
   * complete-task: the assignee completes; `pass` decides the gateways, and `variables` set only
   * what the task declares (`taskVariables`). Two statements, no transaction held across the
   * engine's step: the task and its instance are read (unlocked),
   * the engine steps, and every write of the step is one statement that first moves the
   * instance from the revision read to the next (`where revision = <read>`) and does the rest
   * only if that row moved. Of two racing completes (or a complete racing a step elsewhere, a
   * delete) one moves the row, the other's statement waits on the row, finds another revision
   * and writes nothing, then reads again: its task is done (「任务已被办理」), or it was another
   * task of the instance (parallel branches) and the step is taken again on the new state.
   * One winner when two race, and a step is all or nothing.
   */
  async complete(scope: FlowScope, input: CompleteInput): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.completeOnce(scope, input)) return;
      if (attempt >= COMPLETE_ATTEMPTS) throw flowError('taskDone');
    }
  }

  /** One try of a complete: false when another step moved the instance first (nothing written). */
  private async completeOnce(scope: FlowScope, input: CompleteInput): Promise<boolean> {
    const { db, ctx } = scope;
    const { task, instance } = await this.readTaskAndInstance(scope, input.taskId);
    const def = await this.definition(db, instance.definition_id);
    if (!def) throw flowError('definitionMissing');
    const variables = taskVariables({
      task: def.meta.userTasks[task.task_def_key] ?? { name: task.name }, variables: input.variables,
      businessFacts: this.businessFacts.get(instance.business_table) ?? [],
    });
    const comment = input.comment || flowText(ctx.lang, input.pass ? 'passComment' : 'rejectComment');
    const flag = input.pass ? 'ok' : 'no';
    const revision = instance.revision + 1;
    const taskEnd: Write[] = [
      (qc) => qc.updateTable('blade_flow_task').set({ end_time: NOW, comment, flag, end_reason: 'completed' }).where('id', '=', task.id).where(guardPassed),
      (qc) => qc.updateTable('blade_flow_history').set({ end_time: NOW, comment, flag }).where('task_id', '=', task.id).where('end_time', 'is', null).where(guardPassed),
    ];
    const live = this.live.take(instance.id, { revision: instance.revision, state: instance.engine_state });
    // 会签: the step's outcome is the iterations' (countersign.ts); until it is decided, a complete only ends its own row.
    const countersign = await this.countersign(scope, { task, instance, meta: def.meta, pass: input.pass, variables });
    if (countersign && countersign.pass === undefined) {
      const counted = await writeGuarded(db, {
        guard: (qc) => qc.updateTable('blade_flow_instance').set({ revision }).where('id', '=', instance.id).where('revision', '=', instance.revision).returning('id'),
        writes: [...taskEnd, ...countersign.next],
      });
      if (counted.length !== 1) return false;
      if (live) this.live.keep(instance.id, { ...live, revision });
      return true;
    }
    const pass = countersign?.pass ?? input.pass;
    let step: StepResult;
    try {
      step = await completeTask({
        state: instance.engine_state, task: { executionId: task.execution_id, activityId: task.task_def_key }, output: { ...variables, pass },
        definition: { cacheKey: instance.definition_id, xml: def.xml }, running: live?.running as Running | undefined,
      });
    } catch (error) {
      if (error instanceof FlowRunError) throw flowError('stepFailed', { reason: error.message });
      throw error;
    }
    const { writes, currentName } = this.stepWrites({ instance, meta: def.meta }, { step, insert: guardedInsert, revision });
    const moved = await writeGuarded(db, {
      guard: (qc) => qc.updateTable('blade_flow_instance').set({ revision, ...this.instanceState(step, { currentName, rejected: !pass }) })
        .where('id', '=', instance.id).where('revision', '=', instance.revision).returning('id'),
      writes: [
        ...taskEnd,
        ...(countersign ? countersignEnd({ instanceId: instance.id, task, comment: flowText(ctx.lang, 'countersignSkipped') }) : []),
        ...writes,
        ...this.businessEnd(instance, { ended: step.ended, rejected: !pass }),
      ],
    });
    if (moved.length !== 1) return false;
    if (step.ended) await this.businessStatus.get(instance.business_table)?.written();
    if (step.running) this.live.keep(instance.id, { running: step.running, revision, state: step.state });
    return true;
  }

  /**
   * A complete of a 会签 iteration: undefined for any other task; else the outcome with this
   * complete counted (`pass` undefined while it can still go either way) and, while undecided in
   * a sequential one, the next signer's task (`next`). Only `pass` is taken: the iterations
   * before the deciding one never step the engine, so their variables could not go anywhere.
   */
  private async countersign({ db }: FlowScope, { task, instance, meta, pass, variables }: { task: TaskRow; instance: InstanceRow; meta: ProcessMeta; pass: boolean; variables: Record<string, unknown> }):
    Promise<{ pass: boolean | undefined; next: Write[] } | undefined> {
    const spec = meta.userTasks[task.task_def_key];
    const multiInstance = spec?.multiInstance;
    if (!multiInstance) return undefined;
    const extra = Object.keys(variables).find((name) => name !== 'pass');
    if (extra) throw flowError('countersignVariables', { task: spec.name, name: extra });
    const processVariables = stateVariables(instance.engine_state);
    // A sequential one has a row per signer so far; its instances are the collection's users.
    const users = multiInstance.sequential ? countersignUsers({ task: spec.name, multiInstance, variables: processVariables, userIdOf }) : undefined;
    const rows = await countersignCounts(db, { instanceId: instance.id, executionId: task.execution_id });
    const counted = { instances: users?.length ?? rows.instances, approved: rows.approved + (pass ? 1 : 0), rejected: rows.rejected + (pass ? 0 : 1) };
    const outcome = countersignOutcome({ condition: multiInstance.completionCondition, counts: counted, variables: processVariables });
    const nextUser = outcome === undefined ? users?.[rows.instances] : undefined;
    if (!nextUser) return { pass: outcome, next: [] };
    const next = this.newTask({ instance, meta }, {
      wait: { activityId: task.task_def_key, executionId: task.execution_id }, variables: { ...processVariables, [multiInstance.elementVariable]: nextUser },
    });
    return { pass: outcome, next: [...guardedInsert('blade_flow_task', [next.row]), ...guardedInsert('blade_flow_history', [next.history])] };
  }

  /** The business row's status when the step ends its process (and the row has one); only if the step's guard passed. */
  private businessEnd(instance: InstanceRow, { ended, rejected }: { ended: boolean; rejected: boolean }): Write[] {
    const write = ended ? this.businessStatusWrite(instance, rejected ? 'rejected' : 'completed') : undefined;
    return write ? [(qc) => write(qc).where(guardPassed)] : [];
  }

  /** The update of the instance's business row to `value`, when its table carries a status. */
  private businessStatusWrite(instance: InstanceRow, value: string): Write | undefined {
    const status = this.businessStatus.get(instance.business_table);
    if (!status) return undefined;
    return (qc) => qc.updateTable(instance.business_table).set({ [status.column]: value })
      .where(sql<boolean>`id = (select business_id from blade_flow_instance where id = ${instance.id})::bigint`);
  }

  /**
   * A due timer (claimed by the poller): the engine, recovered from the stored state (never a
   * kept copy), resumes and completes the expired timer. An interrupting one ends its task
   * (flag 'timeout') and the process follows the boundary's flow; a non-interrupting one leaves
   * a reminder in the history for the task's handler. Written as a complete is, guarded by the
   * revision; false when another step moved the instance first (the poller tries again).
   */
  async fireTimer({ db, ctx }: FlowScope, timer: TimerRow): Promise<boolean> {
    const instance = await db.selectFrom('blade_flow_instance').select(['id', 'tenant_id', 'definition_id', 'engine_state', 'revision', 'end_time', 'suspension_state', 'state', 'business_table'])
      .where('id', '=', timer.instance_id).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!instance || instance.end_time) {
      await db.deleteFrom(TIMER_TABLE).where('instance_id', '=', timer.instance_id).execute();
      return true;
    }
    if (Number(instance.suspension_state) !== 1) throw flowError('instanceSuspended'); // fires once its claim is stale after the instance is active again
    const def = await this.definition(db, instance.definition_id);
    if (!def) throw flowError('definitionMissing');
    const open = await db.selectFrom('blade_flow_task').select(['id', 'task_def_key', 'execution_id', 'assignee_id']).where('instance_id', '=', timer.instance_id).where('end_time', 'is', null).execute();
    const step = await resumeProcess({
      state: instance.engine_state, before: open.map((t) => ({ activityId: t.task_def_key, executionId: t.execution_id })),
      definition: { cacheKey: instance.definition_id, xml: def.xml },
    });
    const target = { instance: { id: String(instance.id), tenant_id: instance.tenant_id, definition_id: instance.definition_id }, meta: def.meta };
    const revision = Number(instance.revision) + 1;
    const { writes, currentName } = this.stepWrites(target, { step, insert: guardedInsert, revision });
    const still = new Set(step.waiting.map((w) => w.executionId));
    const interrupted = open.filter((t) => !still.has(t.execution_id)).map((t) => String(t.id));
    const attached = open.find((t) => t.task_def_key === timer.attached_to);
    // Not expired yet for the engine (it armed it again): the step only stores the new due time.
    const early = step.timers.some((t) => t.activityId === timer.activity_id);
    const reminder = {
      id: this.ids.next(), tenant_id: ctx.tenantId, instance_id: target.instance.id, activity_id: timer.activity_id, activity_name: def.meta.nodes[timer.activity_id]?.name || '定时',
      activity_type: 'timerEvent', task_id: attached ? String(attached.id) : null, assignee_id: attached?.assignee_id ?? null, flag: interrupted.length ? 'timeout' : 'remind', end_time: NOW,
    };
    const ended = interrupted.length ? [
      (qc: QueryCreator<any>) => qc.updateTable('blade_flow_task').set({ end_time: NOW, flag: 'timeout', end_reason: 'timeout' }).where('id', 'in', interrupted).where(guardPassed),
      (qc: QueryCreator<any>) => qc.updateTable('blade_flow_history').set({ end_time: NOW, flag: 'timeout' }).where('task_id', 'in', interrupted).where('end_time', 'is', null).where(guardPassed),
      (qc: QueryCreator<any>) => qc.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', interrupted).where(guardPassed),
    ] : [];
    const moved = await writeGuarded(db, {
      guard: (qc) => qc.updateTable('blade_flow_instance').set({ revision, ...this.instanceState(step, { currentName, rejected: false }) })
        .where('id', '=', target.instance.id).where('revision', '=', Number(instance.revision)).returning('id'),
      writes: [...ended, ...(early ? [] : guardedInsert('blade_flow_history', [reminder])), ...writes,
        ...this.businessEnd(checkedInstance(instance, true), { ended: step.ended, rejected: false })],
    });
    if (moved.length !== 1) return false;
    if (step.ended) await this.businessStatus.get(instance.business_table)?.written();
    this.live.drop(target.instance.id);
    return true;
  }

  /** Ends an instance before its end (follow/delete-process-instance; work/delete-task by its assignee or an admin). */
  async terminate({ db, ctx }: FlowScope, target: TerminateInput): Promise<void> {
    const { reason } = target;
    const table = await db.transaction().execute(async (tx) => {
      let instanceId: string;
      if ('taskId' in target) {
        const task = await this.lockTask({ db: tx, ctx }, target.taskId);
        if (task.assignee_id !== ctx.userId && !hasAdminRole(ctx)) throw flowError('taskNotYours');
        instanceId = task.instance_id;
      } else {
        instanceId = target.instanceId;
      }
      const instance = await this.lockInstance({ db: tx, ctx }, { instanceId, allowSuspended: true });
      await target.check?.({ db: tx, ctx }, instance);
      const state = target.state ?? 'deleted';
      await tx.updateTable('blade_flow_task').set({ end_time: NOW, end_reason: state, comment: reason.slice(0, 2000), flag: state === 'withdrawn' ? 'withdraw' : '' })
        .where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
      await tx.updateTable('blade_flow_history').set({ end_time: NOW, comment: reason.slice(0, 2000), ...(state === 'withdrawn' ? { flag: 'withdraw' } : {}) })
        .where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
      await tx.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', tx.selectFrom('blade_flow_task').select('id').where('instance_id', '=', instance.id)).execute();
      await tx.updateTable('blade_flow_instance').set({ end_time: NOW, state, delete_reason: reason.slice(0, 1000), current_activity_id: '', current_task_name: '', revision: instance.revision + 1 })
        .where('id', '=', instance.id).execute();
      // An x-flow row whose process ended early is withdrawn: editable and submittable again.
      const withdrawn = this.businessStatusWrite(instance, 'withdrawn');
      if (withdrawn) await withdrawn(tx).execute();
      this.live.drop(instance.id);
      return instance.business_table;
    });
    await this.businessStatus.get(table)?.written();
  }

  /**
   * Moves a running instance to an earlier user task (see JumpInput): the engine leaves its open
   * tasks and waits on `to`; written as a complete is, one statement guarded by the revision.
   * False when the instance moved meanwhile, or (`untouched`) an open task was touched (nothing written).
   */
  async jump({ db, ctx }: FlowScope, input: JumpInput): Promise<boolean> {
    const instance = await this.readInstance(db, { ctx, instanceId: input.instanceId });
    if (instance.revision !== input.revision) return false;
    const def = await this.definition(db, instance.definition_id);
    if (!def) throw flowError('definitionMissing');
    const open = await db.selectFrom('blade_flow_task').select(['id', 'task_def_key', 'execution_id']).where('instance_id', '=', instance.id).where('end_time', 'is', null).execute();
    let step: StepResult;
    try {
      step = await jumpProcess({
        state: instance.engine_state, leave: open.map((t) => ({ activityId: t.task_def_key, executionId: t.execution_id })), to: input.to,
        definition: { cacheKey: instance.definition_id, xml: def.xml },
      });
    } catch (error) {
      if (error instanceof FlowRunError) throw flowError('stepFailed', { reason: error.message });
      throw error;
    }
    const revision = instance.revision + 1;
    const target = { instance, meta: def.meta };
    const { writes, currentName } = this.stepWrites(target, { step, insert: guardedInsert, revision, assignees: { [input.to]: input.assignee } });
    const left = open.map((t) => String(t.id));
    const comment = input.comment.slice(0, 2000);
    const callerTask = input.callerTaskId ?? '0';
    const moved = await writeGuarded(db, {
      guard: (qc) => qc.updateTable('blade_flow_instance').set({ revision, ...this.instanceState(step, { currentName, rejected: false }) })
        .where('id', '=', instance.id).where('revision', '=', instance.revision)
        .where(input.untouched ? sql<boolean>`not ${touchedCondition(instance.id)}` : sql<boolean>`true`)
        .returning('id'),
      writes: [
        (qc) => qc.updateTable('blade_flow_task').set({ end_time: NOW, flag: input.flag, end_reason: input.flag, comment: sql`case when id = ${callerTask}::bigint then ${comment} else comment end` })
          .where('id', 'in', left.length ? left : ['0']).where(guardPassed),
        (qc) => qc.updateTable('blade_flow_history').set({ end_time: NOW, flag: input.flag, comment: sql`case when task_id = ${callerTask}::bigint then ${comment} else comment end` })
          .where('instance_id', '=', instance.id).where('end_time', 'is', null).where(guardPassed),
        (qc) => qc.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', left.length ? left : ['0']).where(guardPassed),
        ...writes,
      ],
    });
    if (moved.length !== 1) return false;
    this.live.drop(instance.id);
    return true;
  }

  /** A running, active instance of the caller's tenant, not locked (a jump's write checks the revision). */
  private async readInstance(db: Db, { ctx, instanceId }: { ctx: RequestContext; instanceId: string }): Promise<InstanceRow> {
    const row = await db.selectFrom('blade_flow_instance').select(['id', 'tenant_id', 'definition_id', 'engine_state', 'revision', 'end_time', 'suspension_state', 'state', 'business_table'])
      .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!row) throw flowError('instanceMissing');
    return checkedInstance(row, false);
  }

  private async lockTask({ db, ctx }: FlowScope, taskId: string): Promise<TaskRow> {
    const task = await db.selectFrom('blade_flow_task').select(['id', 'tenant_id', 'instance_id', 'task_def_key', 'execution_id', 'assignee_id', 'end_time', 'name'])
      .where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).forUpdate().executeTakeFirst();
    if (!task) throw flowError('taskMissing');
    if (task.end_time) throw flowError('taskDone');
    return { ...task, id: String(task.id), instance_id: String(task.instance_id), assignee_id: task.assignee_id === null ? null : String(task.assignee_id) } as TaskRow;
  }

  private async lockInstance({ db, ctx }: FlowScope, { instanceId, allowSuspended = false }: { instanceId: string; allowSuspended?: boolean }): Promise<InstanceRow> {
    const row = await db.selectFrom('blade_flow_instance').select(['id', 'tenant_id', 'definition_id', 'engine_state', 'revision', 'end_time', 'suspension_state', 'state', 'business_table'])
      .where('id', '=', instanceId).where('tenant_id', '=', ctx.tenantId).forUpdate().executeTakeFirst();
    if (!row) throw flowError('instanceMissing');
    return checkedInstance(row, allowSuspended);
  }

  /** The task to complete and its instance in one read (not locked: the step's write checks the revision); refusals as for the two apart. */
  private async readTaskAndInstance({ db, ctx }: FlowScope, taskId: string): Promise<{ task: TaskRow; instance: InstanceRow }> {
    const row = await db.selectFrom('blade_flow_task as t').innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id')
      .select(['t.id', 't.tenant_id', 't.instance_id', 't.task_def_key', 't.execution_id', 't.assignee_id', 't.end_time', 't.name', 't.delegation',
        'i.definition_id', 'i.engine_state', 'i.revision', 'i.end_time as instance_end_time', 'i.suspension_state', 'i.state', 'i.business_table'])
      .where('t.id', '=', taskId).where('t.tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!row) throw flowError('taskMissing');
    if (row.end_time) throw flowError('taskDone');
    const assignee = row.assignee_id === null ? null : String(row.assignee_id);
    if (!assignee) throw flowError('taskNotClaimed');
    if (assignee !== ctx.userId) throw flowError('taskNotYours');
    if (row.delegation === 'pending') throw flowError('taskDelegated');
    const task = { id: String(row.id), tenant_id: row.tenant_id, instance_id: String(row.instance_id), task_def_key: row.task_def_key, execution_id: row.execution_id,
      assignee_id: assignee, end_time: null, name: row.name } as TaskRow;
    const instance = checkedInstance({ id: task.instance_id, tenant_id: row.tenant_id, definition_id: row.definition_id, engine_state: row.engine_state,
      revision: row.revision, end_time: row.instance_end_time, suspension_state: row.suspension_state, state: row.state, business_table: row.business_table }, false);
    return { task, instance };
  }

  /** The instance row's columns after a step: its state and where it waits, or its end. */
  private instanceState(step: StepResult, { currentName, rejected }: { currentName: string; rejected: boolean }): Record<string, unknown> {
    const set: Record<string, unknown> = {
      engine_state: step.state, current_activity_id: step.waiting.map((w) => w.activityId).join(',').slice(0, 255), current_task_name: currentName.slice(0, 255),
    };
    if (step.ended) Object.assign(set, { end_time: NOW, state: rejected ? 'rejected' : 'completed' });
    return set;
  }

  /** Writes for what a step began: a task (its candidates, its history row) per new wait, a history row per end event reached. */
  private stepWrites(target: StepTarget, { step, insert, revision, assignees = {} }: { step: StepResult; insert: Insert; revision: number; assignees?: Record<string, string | null> }): { writes: Write[]; currentName: string } {
    const { instance, meta } = target;
    const tasks: Record<string, unknown>[] = [];
    const candidates: Record<string, unknown>[] = [];
    const history: Record<string, unknown>[] = [];
    let currentName = '';
    for (const wait of step.fresh) {
      for (const task of this.newTasks(target, { wait, variables: step.variables, assignee: assignees[wait.activityId] })) {
        tasks.push(task.row);
        candidates.push(...task.candidates);
        history.push(task.history);
        currentName = String(task.row.name);
      }
    }
    if (!currentName && step.waiting.length) currentName = meta.userTasks[step.waiting[0].activityId]?.name ?? '';
    // Every end event the step reached, also one that ends a branch while others still run.
    for (const endId of step.endEvents) {
      history.push({ id: this.ids.next(), tenant_id: instance.tenant_id, instance_id: instance.id, activity_id: endId, activity_name: meta.nodes[endId]?.name || '结束', activity_type: 'endEvent', end_time: NOW });
    }
    const writes: Write[] = [];
    if (tasks.length) writes.push(...insert('blade_flow_task', tasks));
    if (candidates.length) writes.push(...insert('blade_flow_task_candidate', candidates));
    if (history.length) writes.push(...insert('blade_flow_history', history));
    // The instance's armed timers are rewritten by every step (a guarded one: its old rows go); none once it ended.
    if (insert === guardedInsert) writes.push((qc) => qc.deleteFrom(TIMER_TABLE).where('instance_id', '=', instance.id).where(guardPassed));
    for (const row of timerRows({ ids: this.ids, instance, timers: step.timers, revision })) writes.push(...insert(TIMER_TABLE, [row]));
    return { writes, currentName };
  }

  /**
   * The tasks a new wait makes: one, or one per user of a 会签 (each with its user as the element
   * variable; a sequential one's first; a jump back to a 会签 asks its signers again, whatever `assignee` it chose).
   */
  private newTasks(target: StepTarget, { wait, variables, assignee }: { wait: WaitingTask; variables: Record<string, unknown>; assignee?: string | null }) {
    const spec = target.meta.userTasks[wait.activityId];
    const multiInstance = spec?.multiInstance;
    if (!multiInstance) return [this.newTask(target, { wait, variables, assignee })];
    const users = countersignUsers({ task: spec.name, multiInstance, variables, userIdOf });
    // Sequential: the first signer now, each next one when the one before completes (`countersign`).
    return (multiInstance.sequential ? users.slice(0, 1) : users)
      .map((user) => this.newTask(target, { wait, variables: { ...variables, [multiInstance.elementVariable]: user } }));
  }

  /** A task for a new wait; `assignee` (a jump's) overrides the task's own when given. */
  private newTask({ instance, meta }: StepTarget, { wait, variables, assignee: chosen }: { wait: WaitingTask; variables: Record<string, unknown>; assignee?: string | null }) {
    const spec = meta.userTasks[wait.activityId];
    const name = spec?.name ?? wait.activityId;
    const iterationUser = spec?.multiInstance ? userIdOf(variables[spec.multiInstance.elementVariable]) : null;
    const assignee = chosen ?? (spec?.assignee ? userIdOf(resolve(spec.assignee, variables)) : null) ?? iterationUser;
    const groups = (spec?.candidateGroups ?? []).flatMap((g) => resolve(g, variables).split(',')).map((g) => g.trim()).filter((g) => /^[A-Za-z0-9_-]{1,64}$/.test(g));
    const users = (spec?.candidateUsers ?? []).flatMap((u) => resolve(u, variables).split(',')).map(userIdOf).filter((id): id is string => id !== null);
    const offers = [...new Set([...groups, ...users.map(userOffer)])];
    const taskId = this.ids.next();
    return {
      row: { id: taskId, tenant_id: instance.tenant_id, instance_id: instance.id, definition_id: instance.definition_id, task_def_key: wait.activityId,
        name, execution_id: wait.executionId, assignee_id: assignee, candidate_groups: groups.join(',') },
      candidates: !assignee ? offers.map((g) => ({ task_id: taskId, tenant_id: instance.tenant_id, group_alias: g })) : [],
      history: { id: this.ids.next(), tenant_id: instance.tenant_id, instance_id: instance.id, activity_id: wait.activityId, activity_name: name, activity_type: 'userTask', task_id: taskId, assignee_id: assignee },
    };
  }
}

/** A decided 会签's iterations still open (not the deciding one) end as 'skip', only if the step's guard passed. */
function countersignEnd({ instanceId, task, comment }: { instanceId: string; task: TaskRow; comment: string }): Write[] {
  const open = (qc: QueryCreator<any>) => qc.selectFrom('blade_flow_task').select('id').where('instance_id', '=', instanceId)
    .where('execution_id', '=', task.execution_id).where('id', '!=', task.id).where('end_time', 'is', null);
  return [
    (qc) => qc.updateTable('blade_flow_task').set({ end_time: NOW, flag: 'skip', end_reason: 'countersigned', comment }).where('id', 'in', open(qc)).where(guardPassed),
    (qc) => qc.updateTable('blade_flow_history').set({ end_time: NOW, flag: 'skip', comment }).where('task_id', 'in', open(qc)).where('end_time', 'is', null).where(guardPassed),
    (qc) => qc.deleteFrom('blade_flow_task_candidate').where('task_id', 'in', open(qc)).where(guardPassed),
  ];
}

function checkedInstance(row: Record<string, any>, allowSuspended: boolean): InstanceRow {
  if (row.end_time) throw flowError('instanceEnded');
  if (!allowSuspended && Number(row.suspension_state) !== 1) throw flowError('instanceSuspended');
  return { ...row, id: String(row.id), revision: Number(row.revision) } as InstanceRow;
}

/**
 * A step's writes as one statement: all but the last as data-modifying CTEs, the last as the
 * statement itself (its RETURNING rows are answered). They touch distinct rows, so they need not
 * see each other's effects; one round trip instead of one per write.
 */
async function writeTogether(tx: Db, writes: Write[]): Promise<Record<string, unknown>[]> {
  let qc: QueryCreator<any> = tx;
  writes.slice(0, -1).forEach((write, i) => { qc = qc.with(`w${i}`, (q) => write(q)); });
  return writes[writes.length - 1](qc).execute();
}

const plainInsert: Insert = (table, rows) => [(qc) => qc.insertInto(table).values(rows)];

/** The CTE a guarded step's other writes depend on (see `writeGuarded`). */
const GUARD = 'step_guard';
const guardPassed = sql<boolean>`exists (select 1 from ${sql.table(GUARD)})`;

/**
 * Rows inserted only if the step's guard passed: `insert … select … from
 * jsonb_populate_recordset(null::<table>, <rows>)` (the table's own row type types the values;
 * one parameter per column set instead of one per value). SQL expressions (the database's
 * clock) are selected as they are; rows with other columns (history of tasks and of end
 * events) make a statement each.
 */
const guardedInsert: Insert = (table, rows) => {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const signature = Object.entries(row).map(([k, v]) => (isExpression(v) ? `${k}=` : k)).join(',');
    groups.set(signature, [...(groups.get(signature) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const columns = Object.keys(group[0]);
    const values = group.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => !isExpression(v))));
    const selected = columns.map((c) => (isExpression(group[0][c]) ? sql`${group[0][c]}` : sql.ref(`r.${c}`)));
    return (qc: QueryCreator<any>) => qc.insertInto(table).columns(columns as never).expression(
      sql`select ${sql.join(selected)} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(values)}::jsonb) as r where ${guardPassed}`);
  });
};

function isExpression(value: unknown): value is Expression<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function';
}

/**
 * A step's writes as one statement that does them only if `guard` (an update `returning id`)
 * changed a row: the guard first, as a CTE the others test (`guardPassed`, inserts via
 * `guardedInsert`), then the guard's rows are answered — none when it did not pass, and then
 * nothing was written.
 */
async function writeGuarded(db: Db, { guard, writes }: { guard: Write; writes: Write[] }): Promise<Record<string, unknown>[]> {
  let qc: QueryCreator<any> = db.with(GUARD, (q) => guard(q));
  writes.forEach((write, i) => { qc = qc.with(`w${i}`, (q) => write(q)); });
  return qc.selectFrom(GUARD).select('id').execute();
}
