import { andThen, type MaybePromise } from '../../shared/maybe-promise.js';
import type { CountCache } from './list-reader/count-cache.js';
import type { ReadAhead } from '../http/read-ahead.js';
import { makeRoom } from '../../shared/make-room.js';

/** Values derived from whole tables, as modules use them (see GenerationCache). */
export interface DerivedValues {
  readAhead(tables: string[]): void;
  get<T>(key: string, tables: string[], compute: () => Promise<T>, ahead?: ReadAhead): MaybePromise<T>;
}

/**
 * Values derived from whole tables (permission rules, menu trees), cached until any
 * of those tables is written: the key includes each table's write generation.
 */
export class GenerationCache implements DerivedValues {
  private readonly values = new Map<string, unknown>();

  constructor(private readonly counts: CountCache, private readonly capacity = 1000) {
    // A reconnect may have met an empty store: the values keyed by the former generations go.
    counts.onStoreReset(() => this.values.clear());
  }

  /** Reads the generations of `tables` with every token check (read-ahead.ts): values derived from them are looked up at every request. */
  readAhead(tables: string[]): void {
    this.counts.readAhead(tables);
  }

  /**
   * The value of `key` for the tables' current generations; at hand (no promise) when cached
   * and the store answers at once (or the generations were read ahead in this request).
   */
  get<T>(key: string, tables: string[], compute: () => Promise<T>, ahead?: ReadAhead): MaybePromise<T> {
    const epoch = this.counts.storeEpoch();
    return andThen(this.counts.generations(tables, ahead), (generations) => {
      if (this.counts.storeEpoch() !== epoch) return compute();
      const cacheKey = `${key}@${generations.join('.')}`;
      if (this.values.has(cacheKey)) return this.values.get(cacheKey) as T;
      return compute().then((value) => {
        if (this.counts.storeEpoch() !== epoch) return value;
        makeRoom(this.values, this.capacity);
        this.values.set(cacheKey, value);
        return value;
      });
    });
  }
}
