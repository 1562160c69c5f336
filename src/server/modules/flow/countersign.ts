import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MultiInstanceMeta } from './bpmn-check.js';
import { conditionHolds } from './condition-expression.js';
import { flowError } from './flow-messages.js';

/**
 * 会签: a multi-instance user task. The engine waits on it once (flow-runtime.ts);
 * Processes writes one task row per user of the collection (a sequential one: the first, and
 * the next as each completes without deciding), and each complete counts the
 * iterations' rows (under the instance's revision guard, so concurrent completes of different
 * iterations are counted one after the other). When the outcome is decided, the engine's task
 * completes once with `pass` = the outcome, and the iterations still open end as 'skip'.
 */

/** What the rows of one 会签 say so far (the complete being counted included). */
export interface CountersignCounts { instances: number; approved: number; rejected: number }

/** The default rule (no completionCondition): every instance completes, and so every one must approve. */
export const ALL_COMPLETE = '${nrOfCompletedInstances == nrOfInstances}';

/** The users a 会签 goes to: an array of ids or ids separated by commas (`taskUser_<id>` too), each once, in order. */
export function countersignUsers(
  { task, multiInstance, variables, userIdOf }: { task: string; multiInstance: MultiInstanceMeta; variables: Record<string, unknown>; userIdOf: (value: unknown) => string | null },
): string[] {
  const value = variables[multiInstance.collection];
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  const users = [...new Set(items.map(userIdOf).filter((id): id is string => id !== null))];
  if (!users.length) throw flowError('countersignNobody', { task, collection: multiInstance.collection });
  return users;
}

/**
 * The counts the condition sees when the question is "has it been met by approvals": a rejected
 * iteration is done but did not sign, so it does not count as completed. This is what makes the
 * designer's three rules mean what they say: `nrOfCompletedInstances == nrOfInstances` (all)
 * holds only when every one approved, `nrOfApproved >= 1` (any) at the first approval,
 * `nrOfApproved / nrOfInstances >= 0.6` at the share of approvals.
 */
function signed(counts: CountersignCounts, variables: Record<string, unknown>): Record<string, unknown> {
  const { instances, approved, rejected } = counts;
  return {
    ...variables, nrOfInstances: instances, nrOfApproved: approved, nrOfRejected: rejected,
    nrOfCompletedInstances: approved, nrOfActiveInstances: instances - approved - rejected,
  };
}

/**
 * Whether the 会签 is decided, and how: passed as soon as the condition holds on the approvals,
 * failed as soon as no way the open iterations could still go (any number of them approving,
 * the others rejecting) would make it hold; undefined while it can still go either way.
 * All: one rejection fails it. Any: the first approval passes it, all rejecting fails it.
 * A ratio: decided the moment enough approved, or too many rejected to reach it.
 */
export function countersignOutcome(
  { condition, counts, variables }: { condition: string | undefined; counts: CountersignCounts; variables: Record<string, unknown> },
): boolean | undefined {
  const rule = condition ?? ALL_COMPLETE;
  if (conditionHolds(rule, signed(counts, variables))) return true;
  const open = counts.instances - counts.approved - counts.rejected;
  for (let more = 0; open > 0 && more <= open; more++) {
    const future = { instances: counts.instances, approved: counts.approved + more, rejected: counts.rejected + open - more };
    if (conditionHolds(rule, signed(future, variables))) return undefined;
  }
  return false;
}

/**
 * The 会签's rows so far: every task of the engine's one wait (its execution), and how many
 * ended approved or rejected. Read after the instance: an iteration completed since then moved
 * the revision too, so the step that counted it wrong writes nothing and counts again.
 */
export async function countersignCounts(db: Db, { instanceId, executionId }: { instanceId: string; executionId: string }): Promise<CountersignCounts> {
  const row = await db.selectFrom('blade_flow_task').where('instance_id', '=', instanceId).where('execution_id', '=', executionId)
    .select([
      sql<string>`count(*)`.as('instances'),
      sql<string>`sum(case when end_time is not null and flag = 'ok' then 1 else 0 end)`.as('approved'),
      sql<string>`sum(case when end_time is not null and flag = 'no' then 1 else 0 end)`.as('rejected'),
    ]).executeTakeFirstOrThrow();
  return { instances: Number(row.instances), approved: Number(row.approved ?? 0), rejected: Number(row.rejected ?? 0) };
}

/** The process variables in a stored engine state (the completion condition may read them). */
export function stateVariables(state: string): Record<string, unknown> {
  type Environment = { environment?: { variables?: Record<string, unknown> } };
  const parsed = JSON.parse(state) as Environment & { definitions?: (Environment & { execution?: { processes?: Environment[] } })[] };
  const definition = parsed.definitions?.[0];
  return { ...(parsed.environment?.variables ?? {}), ...(definition?.environment?.variables ?? {}), ...(definition?.execution?.processes?.[0]?.environment?.variables ?? {}) };
}
