import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * PGlite runs no autovacuum: left alone, a table is never analyzed (the planner keeps
 * guessing a few rows and picks full scans and sorts on a million) and dead rows from
 * updates and deletes are never reclaimed. This does autovacuum's job on the embedded
 * database with autovacuum's own thresholds, checked every `intervalMs`:
 * - analyze a table when rows changed since its last analyze exceed 50 + 10 % of its rows,
 *   or when it holds data and was never analyzed (a data folder seeded or imported while
 *   the server was down, whose counters were not kept);
 * - vacuum (and analyze) it when dead rows exceed 50 + 20 % of its rows.
 * Each statement waits its turn on PGlite's one connection like any request, so a check
 * runs one table at a time and never two checks at once.
 */
export interface MaintenanceStep {
  table: string;
  action: 'analyze' | 'vacuum';
}

const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
/** Smaller tables are left to whatever the planner guesses: scanning them costs nothing. */
const MIN_BYTES = 64 * 1024;

export class PgliteMaintenance {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly database: Database, intervalMs: number, private readonly onError: (error: unknown) => void) {
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
  }

  /** One check now (also the timer's): answers what it did. */
  run(): Promise<MaintenanceStep[]> {
    const next = this.running.then(() => (this.closed ? [] : this.check()));
    this.running = next.catch((error: unknown) => this.onError(error));
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async check(): Promise<MaintenanceStep[]> {
    const { db } = this.database;
    const { rows } = await sql<{ table: string; vacuum: boolean }>`
      select c.relname as "table",
        coalesce(s.n_dead_tup, 0) > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) as vacuum
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind = 'r' and pg_relation_size(c.oid) >= ${MIN_BYTES} and (
        coalesce(s.n_mod_since_analyze, 0) > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0)
        or coalesce(s.n_dead_tup, 0) > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
        or not exists (select from pg_statistic st where st.starelid = c.oid))
      order by c.relname`.execute(db);
    const done: MaintenanceStep[] = [];
    for (const row of rows) {
      if (this.closed) break;
      // Names come from pg_class, quoted as identifiers all the same.
      const table = sql.id(row.table);
      await (row.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`).execute(db);
      done.push({ table: row.table, action: row.vacuum ? 'vacuum' : 'analyze' });
    }
    return done;
  }
}
