import { sql } from 'kysely';

/**
 * Whether an open task of the instance was claimed, delegated or transferred since it opened:
 * the next step is no longer untouched, and 撤回 is refused. The open tasks are read `for
 * update`: a claim racing the 撤回 either committed first (and is seen here, its row re-read)
 * or waits, and then finds its task ended.
 */
export function touchedCondition(instanceId: string) {
  return sql<boolean>`exists (select 1 from (select t.id, t.claim_time, t.delegation from blade_flow_task t
    where t.instance_id = ${instanceId}::bigint and t.end_time is null for update) l
    where l.claim_time is not null or coalesce(l.delegation, '') <> ''
      or exists (select 1 from blade_flow_history h where h.task_id = l.id and h.flag = 'transfer'))`;
}
