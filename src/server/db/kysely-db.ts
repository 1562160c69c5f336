/**
 * The two types every database file speaks, apart from `database.ts` (which opens the
 * databases and imports the dialects and runners that use them).
 */
import type { Kysely } from 'kysely';

/** Rows are loose records: table and column names come from the entity models. */
export type Db = Kysely<any>;

/** Connections now: open, idle among them, and callers waiting for one (metrics). */
export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}
