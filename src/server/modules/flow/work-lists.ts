import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { firstIdAt } from '../../db/ids.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { Lang } from '../../../shared/schema/entity-model.js';
import { categoryNames, escapeLike } from './definitions.js';
import { pageAnswer, type PagedQuery, type PageRequest } from './flow-params.js';
import type { DerivedValues } from '../../engine/generation-cache.js';
import type { SplitCount, WorkTotals } from './work-totals.js';
import { offersOf } from './task-offers.js';

export interface WorkFilter { category?: string; processDefinitionName?: string; beginDate?: string; endDate?: string }

/** Fields a work-list record gains from its business table's entity (see WorkLists' `businessOf`). */
export type BusinessOf = (table: string, lang: Lang) => Record<string, unknown>;

/** The task lists of 我的事务, and 抄送我的 (`copy`: requests copied to the caller). */
export type WorkStatus = 'claim' | 'todo' | 'send' | 'done' | 'copy';

const BUSINESS_TABLE_KEY = (table: string, id: string) => (table ? `${table}:${id}` : '');

/** How an ended instance ended, from its state: its end reached after approvals, a rejection, or ended before its end (withdrawn); '' while it runs. */
const OUTCOMES: Record<string, 'approved' | 'rejected' | 'withdrawn'> = { completed: 'approved', rejected: 'rejected', deleted: 'withdrawn', withdrawn: 'withdrawn' };
const outcomeOf = (finished: boolean, state: string) => (finished ? OUTCOMES[state] ?? '' : '');

/** A row of the work lists in BladeX's BladeFlow shape. */
function bladeFlow(r: Record<string, any>, { status, names }: { status: WorkStatus; names: Map<string, string> }) {
  const finished = r.instance_end_time !== null && r.instance_end_time !== undefined;
  return {
    taskId: r.task_id ? String(r.task_id) : '', taskName: r.task_name ?? r.current_task_name ?? '', taskDefinitionKey: r.task_def_key ?? '',
    assignee: r.assignee_id ? String(r.assignee_id) : '', assigneeName: r.assignee_name ?? '',
    category: r.category, categoryName: names.get(r.category) ?? '',
    createTime: r.task_create_time ?? r.start_time, endTime: r.task_end_time ?? r.instance_end_time ?? '', claimTime: r.claim_time ?? '',
    executionId: r.execution_id ?? '', processInstanceId: String(r.instance_id), historyProcessInstanceId: String(r.instance_id),
    processDefinitionId: r.definition_id, processDefinitionKey: r.process_key, processDefinitionName: r.process_name,
    processDefinitionVersion: Number(r.process_version), processIsFinished: finished, processState: r.instance_state,
    businessTable: r.business_table, businessId: r.business_id, businessKey: BUSINESS_TABLE_KEY(r.business_table, r.business_id),
    status, comment: r.comment ?? '', flag: r.flag ?? '', startUser: r.start_user_name, startUserId: String(r.start_user_id),
    startTime: r.start_time, variables: {}, processOutcome: outcomeOf(finished, r.instance_state),
    // 催办: the starter's last reminder, when it came after this task opened.
    urgeTime: r.urge_time && (!r.task_create_time || r.urge_time >= r.task_create_time) ? r.urge_time : '',
    delegation: r.delegation ?? '',
    ...(status === 'copy' ? { copyId: String(r.copy_id), copyTime: r.copy_time, readTime: r.read_time ?? '', copyComment: r.copy_comment ?? '', fromUserName: r.assignee_name ?? '' } : {}),
  };
}

const INSTANCE_COLUMNS = [
  'i.id as instance_id', 'i.definition_id', 'i.process_key', 'i.process_name', 'i.process_version', 'i.category', 'i.business_table',
  'i.business_id', 'i.start_user_id', 'i.start_user_name', 'i.start_time', 'i.end_time as instance_end_time', 'i.state as instance_state',
  'i.current_task_name', 'i.urge_time',
] as const;

const TASK_COLUMNS = [
  't.id as task_id', 't.name as task_name', 't.task_def_key', 't.assignee_id', 't.create_time as task_create_time', 't.end_time as task_end_time',
  't.claim_time', 't.execution_id', 't.comment', 't.flag', 't.delegation',
] as const;

/** 抄送我的: the copy, its request and the step it was copied at; `u` is who copied it. */
const COPY_COLUMNS = ['cp.id as copy_id', 'cp.create_time as copy_time', 'cp.read_time', 'cp.comment as copy_comment', 'cp.task_name'] as const;

/** The query limited by the filter; its dates bound `timeColumn`. */
function filtered<Q extends SelectQueryBuilder<any, any, any>>(query: Q, { filter: f, timeColumn }: { filter: WorkFilter; timeColumn: string }): Q {
  let q = query;
  if (f.category) q = q.where('i.category', '=', f.category) as Q;
  if (f.processDefinitionName) q = q.where('i.process_name', 'like', `%${escapeLike(f.processDefinitionName)}%`) as Q;
  if (f.beginDate) q = q.where(timeColumn, '>=', f.beginDate) as Q;
  if (f.endDate) q = q.where(timeColumn, '<=', f.endDate) as Q;
  return q;
}

async function countOf(counted: SelectQueryBuilder<any, any, any>): Promise<number> {
  return Number((await counted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst())?.n ?? 0);
}

/* A done row's end time is the database's clock (localtimestamp), so the bound is taken there too. */
const DONE_BOUND = sql`date_bin('10 minutes', localtimestamp(0), timestamp '2000-01-01') - interval '10 minutes'`;
const SEND_BUCKET_MS = 600_000;

/** done-list: split on the task's end time. */
function doneSplit(counted: SelectQueryBuilder<any, any, any>): SplitCount {
  return {
    recent: async () => {
      const row = await counted.where('t.end_time', '>=', DONE_BOUND)
        .select([sql<string>`(${DONE_BOUND})::text`.as('bound'), sql<number>`count(*)::int`.as('n')]).executeTakeFirstOrThrow();
      return { bound: String(row.bound), n: Number(row.n) };
    },
    settled: (bound) => countOf(counted.where('t.end_time', '<', sql<string>`${bound}::timestamp`)),
  };
}

/** send-list: split on the instance id (time-ordered, made by the starting process just before its insert). */
function sendSplit(counted: SelectQueryBuilder<any, any, any>): SplitCount {
  return {
    recent: async () => {
      const bound = firstIdAt((Math.floor(Date.now() / SEND_BUCKET_MS) - 1) * SEND_BUCKET_MS);
      return { bound, n: await countOf(counted.where('i.id', '>=', bound)) };
    },
    settled: (bound) => countOf(counted.where('i.id', '<', bound)),
  };
}

interface PageRead { total: number; columns: readonly string[]; order: [string, 'asc' | 'desc'][]; page: PageRequest }

async function paged(query: SelectQueryBuilder<any, any, any>, { total, columns, order, page }: PageRead) {
  if (total === 0 || page.offset >= total) return [] as Record<string, any>[];
  let q = query.select(columns as any).select(sql<string>`u.real_name`.as('assignee_name'));
  for (const [column, dir] of order) q = q.orderBy(column, dir);
  return await q.limit(page.size).offset(page.offset).execute() as Record<string, any>[];
}

/** The five lists of 我的事务, each an indexed query inside the caller's tenant. */
export class WorkLists {
  private readonly db: Db;
  private readonly totals: WorkTotals;
  private readonly derived: DerivedValues;
  private readonly dictTable: () => string;
  private readonly businessOf: BusinessOf;

  /**
   * `dictTable`: the dictionary's table, whose changes renew the cached category names;
   * `businessOf`: what a record says of its business row's entity, to open it (x-flow entities; none for the leave).
   */
  constructor(deps: { db: Db; totals: WorkTotals; derived: DerivedValues; dictTable: () => string; businessOf?: BusinessOf }) {
    this.businessOf = deps.businessOf ?? (() => ({}));
    this.db = deps.db;
    this.totals = deps.totals;
    this.derived = deps.derived;
    this.dictTable = deps.dictTable;
  }

  private tasks() {
    return this.db.selectFrom('blade_flow_task as t').innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id')
      .leftJoin('blade_user as u', 'u.id', 't.assignee_id');
  }

  /** Counting needs the instance only when a filter is on it: else the task index alone answers. */
  private countOf(ctx: RequestContext, { filter: f, open }: { filter: WorkFilter; open: boolean }) {
    let q: SelectQueryBuilder<any, any, any> = this.db.selectFrom('blade_flow_task as t');
    if (f.category || f.processDefinitionName) q = q.innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id');
    q = q.where('t.tenant_id', '=', ctx.tenantId).where('t.assignee_id', '=', ctx.userId).where('t.end_time', open ? 'is' : 'is not', null);
    return filtered(q, { filter: f, timeColumn: 't.create_time' });
  }

  async list(ctx: RequestContext, { status, filter: f, page }: PagedQuery<WorkFilter> & { status: WorkStatus }) {
    let query: SelectQueryBuilder<any, any, any>;
    let counted: SelectQueryBuilder<any, any, any>;
    let order: [string, 'asc' | 'desc'][];
    let columns: readonly string[] = [...INSTANCE_COLUMNS, ...TASK_COLUMNS];
    if (status === 'copy') {
      query = filtered(this.db.selectFrom('blade_flow_copy as cp').innerJoin('blade_flow_instance as i', 'i.id', 'cp.instance_id')
        .leftJoin('blade_user as u', 'u.id', 'cp.from_user_id')
        .where('cp.tenant_id', '=', ctx.tenantId).where('cp.user_id', '=', ctx.userId), { filter: f, timeColumn: 'cp.create_time' });
      counted = query;
      columns = [...INSTANCE_COLUMNS, ...COPY_COLUMNS];
      order = [['cp.id', 'desc']];
    } else if (status === 'todo') {
      query = filtered(this.tasks().where('t.tenant_id', '=', ctx.tenantId).where('t.assignee_id', '=', ctx.userId).where('t.end_time', 'is', null), { filter: f, timeColumn: 't.create_time' });
      counted = this.countOf(ctx, { filter: f, open: true });
      order = [['t.id', 'desc']];
    } else if (status === 'done') {
      query = filtered(this.tasks().where('t.tenant_id', '=', ctx.tenantId).where('t.assignee_id', '=', ctx.userId).where('t.end_time', 'is not', null), { filter: f, timeColumn: 't.create_time' });
      counted = this.countOf(ctx, { filter: f, open: false });
      order = [['t.end_time', 'desc'], ['t.id', 'desc']];
    } else if (status === 'claim') {
      const groups = offersOf(ctx);
      query = filtered(this.db.selectFrom('blade_flow_task_candidate as c').innerJoin('blade_flow_task as t', 't.id', 'c.task_id')
        .innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id').leftJoin('blade_user as u', 'u.id', 't.assignee_id')
        .where('c.tenant_id', '=', ctx.tenantId).where('c.group_alias', 'in', groups)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('blade_flow_task_candidate as c2').select('c2.task_id')
          .whereRef('c2.task_id', '=', 'c.task_id').where('c2.group_alias', 'in', groups).whereRef('c2.group_alias', '<', 'c.group_alias')))), { filter: f, timeColumn: 't.create_time' });
      counted = query;
      order = [['t.id', 'desc']];
    } else {
      query = filtered(this.db.selectFrom('blade_flow_instance as i')
        .leftJoin('blade_flow_task as t', (join) => join.onRef('t.instance_id', '=', 'i.id').on('t.end_time', 'is', null)
          .on('t.id', '=', (eb: any) => eb.selectFrom('blade_flow_task as t3').select(sql`max(t3.id)`.as('m')).whereRef('t3.instance_id', '=', 'i.id').where('t3.end_time', 'is', null)))
        .leftJoin('blade_user as u', 'u.id', 't.assignee_id')
        .where('i.tenant_id', '=', ctx.tenantId).where('i.start_user_id', '=', ctx.userId), { filter: f, timeColumn: 'i.start_time' });
      counted = filtered(this.db.selectFrom('blade_flow_instance as i').where('i.tenant_id', '=', ctx.tenantId).where('i.start_user_id', '=', ctx.userId), { filter: f, timeColumn: 'i.start_time' });
      order = [['i.id', 'desc']];
    }
    // done and send grow with every finished task / started instance: only their recent part is counted on each read (WorkTotals).
    const total = status === 'done' || status === 'send'
      ? await this.totals.total({ list: status, tenantId: ctx.tenantId, userId: ctx.userId, filterKey: JSON.stringify(f), count: status === 'done' ? doneSplit(counted) : sendSplit(counted) })
      : await countOf(counted);
    const rows = await paged(query, { total, columns, order, page });
    const names = await this.derived.get('flow-category-names', [this.dictTable()], () => categoryNames(this.db));
    return pageAnswer(page, { records: rows.map((r) => ({ ...bladeFlow(r, { status, names }), ...this.businessOf(r.business_table, ctx.lang) })), total });
  }
}
