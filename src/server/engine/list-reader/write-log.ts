import type { LoggedRow } from './row-matcher.js';

/**
 * One committed transaction's changes to one table, as the count cache reads them: the
 * transaction id (`pg_current_xact_id()`) and each changed row before and after (null
 * where the row did not exist or was removed). `{}` (no rows) stands for a write nobody
 * described; `db` names the database it happened in when the store is shared by several.
 */
export interface LoggedWrite {
  db?: string;
  xid?: string;
  rows?: [LoggedRow | null, LoggedRow | null][];
}

/**
 * Where the repository tells of its committed writes (the count cache keeps the log): the
 * rows it changed, or, for a write it cannot describe, only that the table was written.
 */
export interface WriteNotices {
  logged(table: string, write: Omit<LoggedWrite, 'db'>): Promise<void>;
  invalidate(table: string): Promise<void>;
}

/** This process's copy of a table's log: `entries[i]` is the write of generation `base + 1 + i`. */
export interface WriteLog {
  gen: number;
  base: number;
  entries: LoggedWrite[];
}

/** Whether transaction `xid` had committed for snapshot `snapshot` (`xmin:xmax:xip,…`), as PostgreSQL decides. */
export function isVisible(xid: string, snapshot: string): boolean {
  const [xmin, xmax, xip] = snapshot.split(':');
  const x = BigInt(xid);
  if (x < BigInt(xmin)) return true;
  if (x >= BigInt(xmax)) return false;
  return !(xip ? xip.split(',') : []).some((p) => BigInt(p) === x);
}

/** Where a cached value stands in a table's log: the generation it includes, the snapshot it was read in, when. */
export interface LogPosition {
  pos: number;
  snapshot?: string;
  at: number;
}

/**
 * The rows changed by the writes logged after `since.pos` that its snapshot did not see
 * (writes of other databases sharing the store left out), in log order; undefined when
 * they cannot all be known — an undescribed write, a log trimmed past the position, or a
 * value older than `maxAgeMs` — and the value must be read anew.
 */
export function unseenChanges(log: WriteLog, since: LogPosition, database: string, maxAgeMs: number): [LoggedRow | null, LoggedRow | null][] | undefined {
  if (since.pos < log.base || since.pos > log.gen || Date.now() - since.at > maxAgeMs) return undefined;
  const changes: [LoggedRow | null, LoggedRow | null][] = [];
  for (let pos = since.pos + 1; pos <= log.gen; pos++) {
    const write = log.entries[pos - log.base - 1];
    if (write.db !== undefined && write.db !== database) continue;
    if (!write.rows || !write.xid || !since.snapshot) return undefined;
    if (!isVisible(write.xid, since.snapshot)) changes.push(...write.rows);
  }
  return changes;
}

/** Longest text kept in a logged row; a longer value is left out (unknown to filters). */
const LONGEST = 512;

/** A row as returned by the database, in the form the log keeps (secrets and long or structured values left out). */
export function loggedRow(row: Record<string, unknown>, columns: readonly string[]): LoggedRow {
  const out: LoggedRow = {};
  for (const column of columns) {
    const v = row[column];
    if (v === undefined) continue;
    if (v === null) out[column] = null;
    else if (typeof v === 'boolean') out[column] = v;
    else if (typeof v === 'number' || typeof v === 'bigint') out[column] = String(v);
    else if (typeof v === 'string' && v.length <= LONGEST) out[column] = v;
  }
  return out;
}
