import type { CountCache } from './count-cache.js';

/**
 * Values derived from whole tables (permission rules, menu trees), cached until any
 * of those tables is written: the key includes each table's write generation.
 */
export class GenerationCache {
  private readonly values = new Map<string, unknown>();

  constructor(private readonly counts: CountCache, private readonly capacity = 1000) {}

  private epoch = 0;

  async get<T>(key: string, tables: string[], compute: () => Promise<T>): Promise<T> {
    // Generations count from 0 again after the store came back empty: the values keyed by the former ones go.
    const epoch = this.counts.storeEpoch();
    if (epoch !== this.epoch) {
      this.values.clear();
      this.epoch = epoch;
    }
    const generations = await this.counts.generations(tables);
    if (this.counts.storeEpoch() !== epoch) return compute();
    const cacheKey = `${key}@${generations.join('.')}`;
    if (this.values.has(cacheKey)) return this.values.get(cacheKey) as T;
    const value = await compute();
    if (this.counts.storeEpoch() !== epoch) return value;
    if (this.values.size >= this.capacity) this.values.delete(this.values.keys().next().value!);
    this.values.set(cacheKey, value);
    return value;
  }
}
