import { sql, type QueryCreator } from 'kysely';
import type { IdGenerator } from '../../db/ids.js';
import type { ArmedTimer } from './flow-timers.js';

export const TIMER_TABLE = 'blade_flow_timer';

/** A due timer as the poller claimed it. */
export interface TimerRow { id: string; tenant_id: string; instance_id: string; activity_id: string; attached_to: string; revision: number }

/** A claim older than this is of a process that died while firing: another may take it again. */
export const STALE_CLAIM_SECONDS = 60;

/**
 * The rows of the timers a step leaves armed, due at the engine's `expireAt` (as an offset
 * from the database's clock, whose local time the other columns use). One row per insert:
 * each has its own due time expression.
 */
export function timerRows({ ids, instance, timers, revision }: {
  ids: IdGenerator; instance: { id: string; tenant_id: string }; timers: ArmedTimer[]; revision: number;
}): Record<string, unknown>[] {
  return timers.map((timer) => ({
    id: ids.next(), tenant_id: instance.tenant_id, instance_id: instance.id, activity_id: timer.activityId, attached_to: timer.attachedTo,
    // Whole seconds (the column's), never before the engine's expireAt: a timer resumed early is only armed again.
    due_time: sql`date_trunc('second', localtimestamp) + ${String(Math.max(0, Math.ceil((timer.expireAt.getTime() - Date.now()) / 1000)) + 1)} * interval '1 second'`, revision,
  }));
}

/** Claims due timers (and stale claims) in one statement: of several processes polling, each row goes to one. */
export function claimDue(qc: QueryCreator<any>, limit: number) {
  const due = qc.selectFrom(TIMER_TABLE).select('id')
    .where('due_time', '<=', sql<string>`localtimestamp`)
    .where((eb) => eb.or([eb('fired_at', 'is', null), eb('fired_at', '<', sql<string>`localtimestamp(0) - interval '${sql.raw(String(STALE_CLAIM_SECONDS))} seconds'`)]))
    .orderBy('due_time').limit(limit).forUpdate().skipLocked();
  return qc.updateTable(TIMER_TABLE).set({ fired_at: sql`localtimestamp(0)` }).where('id', 'in', due)
    .returning(['id', 'tenant_id', 'instance_id', 'activity_id', 'attached_to', 'revision']);
}
