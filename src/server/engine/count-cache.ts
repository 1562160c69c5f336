import type { SharedStore } from '../store/shared-store.js';

/**
 * Exact totals without counting on every request: a count is cached under the
 * table's write generation, which every write bumps in the shared store. A cached
 * total is therefore only ever served for the data state it was counted on.
 */
export class CountCache {
  private readonly totals = new Map<string, number>();
  /** Totals served from the cache and counted anew since the start (metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly store: SharedStore,
    private readonly capacity = 2000,
  ) {}

  generation(table: string): Promise<string> {
    return this.store.get(`gen:${table}`).then((g) => g ?? '0');
  }

  async total(table: string, key: string, count: () => Promise<number>): Promise<number> {
    const cacheKey = `${table}#${await this.generation(table)}#${key}`;
    const hit = this.totals.get(cacheKey);
    if (hit !== undefined) {
      this.lookups.hits += 1;
      return hit;
    }
    this.lookups.misses += 1;
    const value = await count();
    if (this.totals.size >= this.capacity) this.totals.delete(this.totals.keys().next().value!);
    this.totals.set(cacheKey, value);
    return value;
  }

  async invalidate(table: string): Promise<void> {
    await this.store.incr(`gen:${table}`);
  }
}
