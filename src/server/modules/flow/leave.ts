import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import type { RequestContext } from '../../engine/request-context.js';
import { SHARED_TENANT } from './definitions.js';
import { flowError } from './flow-messages.js';
import { epochOf } from './flow-params.js';
import type { Processes, Write } from './processes.js';

export const LEAVE_TABLE = 'blade_process_leave';
const DAY_MS = 86_400_000;

/** The variables a leave's process starts with, all from the leave row (and its starter): business facts no task may set. */
export const LEAVE_FACTS = ['createUser', 'taskUser', 'days', 'businessKey'] as const;

interface LeaveRow { id: string; task_user: string; days: number }

function leaveFacts(ctx: RequestContext, row: LeaveRow): Record<(typeof LEAVE_FACTS)[number], string | number> {
  return { createUser: ctx.account ?? ctx.userId, taskUser: `taskUser_${row.task_user}`, days: row.days, businessKey: `${LEAVE_TABLE}:${row.id}` };
}

export interface LeaveInput { processDefinitionId: string; taskUser: string; startTime: string; endTime: string; reason: string }

/** Whole days the leave spans, at least one (a morning off counts as a day). */
export function leaveDays(startTime: string, endTime: string): number {
  return Math.max(1, Math.ceil((epochOf(endTime) - epochOf(startTime)) / DAY_MS));
}

/** The leave request (bladex-backend §4.19): its row and its process start together or not at all. */
export class LeaveService {
  private readonly db: Db;
  private readonly ids: IdGenerator;
  private readonly processes: Processes;

  constructor(deps: { db: Db; ids: IdGenerator; processes: Processes }) {
    this.db = deps.db;
    this.ids = deps.ids;
    this.processes = deps.processes;
  }

  async start(ctx: RequestContext, input: LeaveInput): Promise<{ id: string; processInstanceId: string }> {
    if (epochOf(input.endTime) <= epochOf(input.startTime)) throw flowError('leaveTimes');
    const days = leaveDays(input.startTime, input.endTime);
    const id = this.ids.next();
    const processInstanceId = this.ids.next();
    // The definition the caller may see, and whether the approver is a live user of the tenant: two reads
    // (definitions are the platform's, users the tenant's, in a database of its own when it has one).
    const [def, approver] = await Promise.all([
      this.db.selectFrom('blade_flow_definition as d')
        .select(['d.id', 'd.process_key', 'd.name', 'd.version', 'd.category', 'd.suspension_state'])
        .where('d.id', '=', input.processDefinitionId).where('d.tenant_id', 'in', [SHARED_TENANT, ctx.tenantId]).executeTakeFirst(),
      this.db.selectFrom('blade_user as u').select('u.id').where('u.id', '=', input.taskUser)
        .where('u.tenant_id', '=', ctx.tenantId).where('u.is_deleted', '=', 0).executeTakeFirst(),
    ]);
    if (!def) throw flowError('definitionMissing');
    if (!approver) throw flowError('taskUserMissing');
    const row = {
      id, tenant_id: ctx.tenantId, process_definition_id: def.id, process_instance_id: processInstanceId, start_time: input.startTime, end_time: input.endTime,
      reason: input.reason, task_user: input.taskUser, days, create_user: ctx.userId, create_dept: ctx.deptId, update_user: ctx.userId,
    };
    const leaveRow: Write = (qc) => qc.insertInto(LEAVE_TABLE).values(row);
    await this.processes.start({ db: this.db, ctx }, { def, business: { table: LEAVE_TABLE, id }, businessRow: leaveRow, variables: leaveFacts(ctx, row), instanceId: processInstanceId });
    return { id, processInstanceId };
  }

  async detail(ctx: RequestContext, businessId: string) {
    const row = await this.db.selectFrom(`${LEAVE_TABLE} as l`).leftJoin('blade_user as a', 'a.id', 'l.task_user').leftJoin('blade_user as c', 'c.id', 'l.create_user')
      .selectAll('l').select(['a.real_name as task_user_name', 'c.real_name as create_user_name'])
      .where('l.id', '=', businessId).where('l.tenant_id', '=', ctx.tenantId).where('l.is_deleted', '=', 0).executeTakeFirst();
    if (!row) throw flowError('leaveMissing');
    const instance = row.process_instance_id
      ? await this.db.selectFrom('blade_flow_instance').select(['id', 'end_time', 'state', 'current_task_name', 'process_name']).where('id', '=', row.process_instance_id).executeTakeFirst()
      : undefined;
    const open = instance ? await this.db.selectFrom('blade_flow_task as t').leftJoin('blade_user as u', 'u.id', 't.assignee_id')
      .select(['t.name', 'u.real_name']).where('t.instance_id', '=', instance.id).where('t.end_time', 'is', null).execute() : [];
    return {
      id: String(row.id), processDefinitionId: row.process_definition_id, processInstanceId: String(row.process_instance_id ?? ''),
      startTime: row.start_time, endTime: row.end_time, reason: row.reason, taskUser: String(row.task_user), taskUserName: row.task_user_name ?? '',
      days: Number(row.days), applyTime: row.apply_time, createUser: String(row.create_user ?? ''), createUserName: row.create_user_name ?? '',
      createTime: row.create_time, tenantId: row.tenant_id,
      flow: {
        processInstanceId: String(row.process_instance_id ?? ''), processDefinitionName: instance?.process_name ?? '',
        processIsFinished: Boolean(instance?.end_time), status: instance?.state ?? '',
        taskName: open.map((t) => t.name).join(','), assigneeName: open.map((t) => t.real_name ?? '').filter(Boolean).join(','),
      },
    };
  }
}
