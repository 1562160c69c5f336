import { makeRoom } from '../../../shared/make-room.js';

/** The lists whose totals grow without bound (finished tasks, started instances); the open-task lists stay small and are counted. */
export type GrowingList = 'done' | 'send';

/** A growing list's total in two parts, split at a bound 10–20 minutes back (see WorkTotals). */
export interface SplitCount {
  /** Counts the rows at or after the current bound; answers the bound it used (a text, the cache key of the settled part). */
  recent(): Promise<{ bound: string; n: number }>;
  /** Counts the rows before `bound`. */
  settled(bound: string): Promise<number>;
}

const SETTLED_MAX = 2000;

/** A total to answer: one person's growing list under one filter (`filterKey`), and how to count its two parts. */
export interface TotalRequest { list: GrowingList; tenantId: string; userId: string; filterKey: string; count: SplitCount }

/**
 * Totals of one person's done-list and send-list without recounting them on every read.
 * A row of these lists never leaves them and never changes the key it is split on (a
 * task's end time, an instance's id): once no transaction that wrote rows before a bound
 * is still open, the count before that bound is final. The bound trails the clock by 10
 * to 20 minutes (a step's transaction lasts well under a second), so the part before it is
 * counted once per person, filter and bound (every 10 minutes) and cached in the process;
 * the part after it, a few index entries, is counted on every read. A step therefore
 * need not tell anyone: its task is in the recent part at once.
 */
export class WorkTotals {
  private readonly settled = new Map<string, number>();

  async total({ list, tenantId, userId, filterKey, count }: TotalRequest): Promise<number> {
    const recent = await count.recent();
    const key = `${list}:${tenantId}:${userId}:${recent.bound}:${filterKey}`;
    let settled = this.settled.get(key);
    if (settled === undefined) {
      settled = await count.settled(recent.bound);
      makeRoom(this.settled, SETTLED_MAX);
      this.settled.set(key, settled);
    }
    return settled + recent.n;
  }
}
