import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { CountCache } from './count-cache.js';
import type { Row } from '../record-codec.js';
import type { WriteLog } from './write-log.js';
import { InFlight } from './in-flight.js';
import { makeRoom } from '../../../shared/make-room.js';

/**
 * A kept row is read anew at least this often. Writes through Atrium drop it at once (the
 * write log); this bounds what the log cannot tell: SQL run outside Atrium, or a process
 * that died between a commit and its log entry.
 */
export const KEPT_ROW_MAX_AGE_MS = 1000;
/** Rows kept across all lists (a page's rows are a few dozen; the hot pages of many lists fit). */
const MAX_ROWS = 10_000;
const MAX_LISTS = 500;

interface List {
  /** Rows of this list are kept under `<id>:<key>`; a list read anew gets a new id, which leaves its old rows unreachable. */
  id: number;
  model: EntityModel;
  /** The table's write generation every kept row of the list is current at. */
  pos: number;
}

interface Kept {
  row: Row;
  at: number;
}

/**
 * The rows of kept pages (first pages of PageKeys, deep pages of PageAnchors) without a
 * statement: a page whose keys are known is answered from rows read earlier, as long as no
 * logged write touched them since. A list follows its table's write log like its total:
 * each logged write drops the rows it changed; a write nobody described, a log trimmed past
 * the list, another model for the table or another store drops them all. Rows are kept per
 * list (tenant, filters, data scope): a row kept is one the list's own WHERE matched.
 */
export class KeptRows {
  private readonly lists = new Map<string, List>();
  private readonly rows = new Map<string, Kept>();
  private nextId = 1;
  /** Reads running now by row slot, with the log generation they began at. */
  private readonly reading = new InFlight<{ pos: number; rows: Promise<Row[]> }>();
  /** Rows answered from the cache and not (metrics, tests); `reads`: the reads those misses took. */
  readonly lookups = { hits: 0, misses: 0, reads: 0 };

  constructor(private readonly counts: CountCache, private readonly maxAgeMs = KEPT_ROW_MAX_AGE_MS, private readonly maxRows = MAX_ROWS) {
    counts.onStoreReset(() => {
      this.lists.clear();
      this.rows.clear();
    });
  }

  /**
   * The rows of `keys` (in the list's order, as the keys are), kept ones where current and
   * the rest from `read`, which applies the list's WHERE (a row that stopped matching is
   * left out). The table's log must have been synced by this request (the keys were).
   * `near`: keys likely asked next (a deep page's neighbours, which writes ahead of it move
   * into it); read along with missing ones, and kept, but not answered.
   */
  async of(table: string, listKey: string, model: EntityModel, pk: string, keys: string[], read: (keys: string[]) => Promise<Row[]>, near: readonly string[] = []): Promise<Row[]> {
    const epoch = this.counts.storeEpoch();
    const log = this.counts.localLog(table);
    if (!log || log.gen < 0 || keys.length === 0) return read(keys);
    const cacheKey = `${table}#${listKey}`;
    const list = this.current(cacheKey, model, pk, log);
    const now = Date.now();
    const found = new Map<string, Row>();
    const missing: string[] = [];
    const waits = new Set<Promise<Row[]>>();
    for (const key of keys) {
      const slot = `${list.id}:${key}`;
      const kept = this.rows.get(slot);
      if (kept && now - kept.at <= this.maxAgeMs) {
        found.set(key, kept.row);
        continue;
      }
      // A read of this row that began after every write this request knows of answers it too
      // (under load many requests miss a row a write just moved into a page at once).
      const pending = this.reading.get(slot);
      if (pending && pending.pos >= log.gen) waits.add(pending.rows);
      else missing.push(key);
    }
    this.lookups.hits += found.size;
    this.lookups.misses += keys.length - found.size;
    if (missing.length === 0 && waits.size === 0) return keys.map((k) => found.get(k)!);
    const pos = log.gen;
    const extra = missing.length === 0 ? [] : near.filter((k) => !keys.includes(k) && !this.rows.has(`${list.id}:${k}`) && !this.reading.has(`${list.id}:${k}`));
    const asked = [...missing, ...extra];
    const fetched = asked.length === 0 ? undefined : read(asked);
    if (fetched) {
      this.lookups.reads += 1;
      this.reading.track(asked.map((key) => `${list.id}:${key}`), { pos, rows: fetched }, fetched, { replace: true });
    }
    const [rows, ...shared] = await Promise.all([fetched ?? [], ...waits]);
    if (rows.length > 0) this.keep(table, cacheKey, list, log, pos, epoch, pk, rows);
    const wanted = new Set(keys);
    for (const row of [...rows, ...shared.flat()]) {
      const key = String(row[pk]);
      if (wanted.has(key) && !found.has(key)) found.set(key, row);
    }
    return keys.flatMap((k): Row[] => { const row = found.get(k); return row ? [row] : []; });
  }

  /**
   * The row of one key (a detail), kept for the list. The table's log (a round trip with
   * Redis) is read only when a kept row may answer, and once to start following the table;
   * a miss reads at once (`readAndKeep`), with no promise of its own beyond the read's.
   */
  ofKey(table: string, listKey: string, model: EntityModel, pk: string, key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const readAll = () => read().then((row) => (row ? [row] : []));
    if (this.holds(table, listKey, key)) return this.counts.sync(table).then(() => this.of(table, listKey, model, pk, [key], readAll)).then((rows) => rows[0]);
    if (!this.counts.localLog(table)) return this.counts.sync(table).then(() => this.readAndKeep(table, listKey, model, pk, read));
    return this.readAndKeep(table, listKey, model, pk, read);
  }

  /** Whether the list keeps a row of `key` young enough to answer: worth syncing the table's log to learn whether it still may. */
  private holds(table: string, listKey: string, key: string): boolean {
    const list = this.lists.get(`${table}#${listKey}`);
    const kept = list && this.rows.get(`${list.id}:${key}`);
    return kept !== undefined && Date.now() - kept.at <= this.maxAgeMs;
  }

  /**
   * Rows read now by `read`, kept for the list at the position of this process's copy of the
   * log, synced or not: a copy behind the store only drops more of them later (every write
   * missing from it is logged past that position). No shared read and no kept row answers, so
   * the caller needs no sync first.
   */
  private readAndKeep(table: string, listKey: string, model: EntityModel, pk: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const epoch = this.counts.storeEpoch();
    const log = this.counts.localLog(table);
    if (!log || log.gen < 0) return read();
    const cacheKey = `${table}#${listKey}`;
    const list = this.current(cacheKey, model, pk, log);
    const pos = log.gen;
    this.lookups.misses += 1;
    this.lookups.reads += 1;
    return read().then((row) => {
      if (row) this.keep(table, cacheKey, list, log, pos, epoch, pk, [row]);
      return row;
    });
  }

  /** The list's state advanced to the log's generation (anew when it cannot be). */
  private current(cacheKey: string, model: EntityModel, pk: string, log: WriteLog): List {
    let list = this.lists.get(cacheKey);
    if (list && (list.model !== model || !this.advance(list, log, pk))) list = undefined;
    if (!list) {
      list = { id: this.nextId++, model, pos: log.gen };
      this.lists.delete(cacheKey);
      makeRoom(this.lists, MAX_LISTS);
      this.lists.set(cacheKey, list);
    }
    return list;
  }

  /** Drops the kept rows the writes logged since the list's position changed; false when they cannot be told. Synchronous. */
  private advance(list: List, log: WriteLog, pk: string): boolean {
    const touched = this.touchedSince(log, list.pos, pk);
    if (!touched) return false;
    for (const key of touched) this.rows.delete(`${list.id}:${key}`);
    list.pos = log.gen;
    return true;
  }

  /** Keys of the rows written after generation `pos` (this database's writes); undefined when some write cannot be told. */
  private touchedSince(log: WriteLog, pos: number, pk: string): Set<string> | undefined {
    if (pos < log.base || pos > log.gen) return undefined;
    const keys = new Set<string>();
    for (let at = pos + 1; at <= log.gen; at++) {
      const write = log.entries[at - log.base - 1];
      if (write.db !== undefined && write.db !== this.counts.database) continue;
      if (!write.rows) return undefined;
      for (const [was, is] of write.rows) {
        for (const row of [was, is]) {
          const key = row?.[pk];
          if (row && typeof key !== 'string') return undefined;
          if (typeof key === 'string') keys.add(key);
        }
      }
    }
    return keys;
  }

  /**
   * Keeps rows read at generation `pos`: each is current there (every write logged by then
   * committed before the read began). Rows a write logged since may have changed are not
   * kept, nor anything once the store or the list moved on.
   */
  private keep(table: string, cacheKey: string, list: List, log: WriteLog, pos: number, epoch: number, pk: string, fetched: Row[]): void {
    if (this.counts.storeEpoch() !== epoch || this.counts.localLog(table) !== log || this.lists.get(cacheKey) !== list) return;
    const touched = this.touchedSince(log, pos, pk);
    if (!touched) return;
    const at = Date.now();
    for (const row of fetched) {
      const key = String(row[pk]);
      if (touched.has(key)) continue;
      const slot = `${list.id}:${key}`;
      this.rows.delete(slot);
      makeRoom(this.rows, this.maxRows);
      this.rows.set(slot, { row, at });
    }
  }
}
