import { randomUUID } from 'node:crypto';
import type { LimitedCounter, SharedStore, SlidingWindow, WindowTake } from './shared-store.js';

interface Entry { value: string; expiresAt?: number }

interface WindowEntry { entry: string; at: number }

/** A window's entries (oldest first) and when its newest leaves it. */
interface Window { entries: WindowEntry[]; until: number }

/** Windows kept before the first sweep of those whose entries have all left. */
const WINDOW_SWEEP_FROM = 1024;

/**
 * The single-process store. Each method reads and writes without an await in between,
 * which makes it atomic on Node's one thread.
 */
export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();
  private readonly logs = new Map<string, string[]>();
  private readonly windows = new Map<string, Window>();
  private windowSweepAt = WINDOW_SWEEP_FROM;

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: string, ttlSeconds?: number) {
    this.entries.set(key, { value, expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : undefined });
  }

  /** Never moves: this store lives and dies with the process. */
  epoch() { return 0; }

  async get(key: string) { return this.live(key)?.value; }

  getMany(keys: string[]) { return keys.map((key) => this.live(key)?.value); }

  async set(key: string, value: string, ttlSeconds?: number) { this.put(key, value, ttlSeconds); }

  async setIfExists(key: string, value: string, ttlSeconds: number) {
    if (!this.live(key)) return false;
    this.put(key, value, ttlSeconds);
    return true;
  }

  async replace(key: string, value: string) {
    const entry = this.live(key);
    if (!entry) return undefined;
    this.entries.set(key, { value, expiresAt: entry.expiresAt });
    return entry.value;
  }

  async del(key: string) { this.entries.delete(key); this.windows.delete(key); }

  private increment(key: string, ttlSeconds?: number) {
    const prior = this.live(key);
    const value = Number(prior?.value ?? 0) + 1;
    const expiresAt = ttlSeconds ? Date.now() + ttlSeconds * 1000 : prior?.expiresAt;
    this.entries.set(key, { value: String(value), expiresAt });
    return value;
  }

  async incr(key: string, ttlSeconds?: number) { return this.increment(key, ttlSeconds); }

  async reserve(counters: LimitedCounter[], ttlSeconds: number) {
    if (counters.some((c) => Number(this.live(c.key)?.value ?? 0) >= c.limit)) return false;
    for (const c of counters) this.increment(c.key, ttlSeconds);
    return true;
  }

  async takeFromWindow({ key, limit, windowMs }: SlidingWindow): Promise<WindowTake> {
    const now = Date.now();
    const entries = (this.windows.get(key)?.entries ?? []).filter((e) => e.at > now - windowMs);
    if (entries.length >= limit) {
      if (entries.length === 0) return { taken: false, retryAfterMs: windowMs };
      this.windows.set(key, { entries, until: entries[entries.length - 1].at + windowMs });
      return { taken: false, retryAfterMs: entries[0].at + windowMs - now };
    }
    const entry = randomUUID();
    this.windows.set(key, { entries: [...entries, { entry, at: now }], until: now + windowMs });
    this.sweepWindows(now);
    return { taken: true, entry };
  }

  /** Drops windows nobody has taken from for a whole window (addresses seen once), when there are many. */
  private sweepWindows(now: number) {
    if (this.windows.size < this.windowSweepAt) return;
    for (const [key, window] of this.windows) if (window.until <= now) this.windows.delete(key);
    this.windowSweepAt = Math.max(WINDOW_SWEEP_FROM, this.windows.size * 2);
  }

  async giveBackToWindow(key: string, entry: string) {
    const window = this.windows.get(key);
    if (!window) return;
    window.entries = window.entries.filter((e) => e.entry !== entry);
    if (window.entries.length === 0) this.windows.delete(key);
  }

  async logAppend(name: string, entry: string, keep: number) {
    const gen = this.increment(`gen:${name}`);
    const log = this.logs.get(name) ?? [];
    log.push(`${gen} ${entry}`);
    if (log.length > keep) log.splice(0, log.length - keep);
    this.logs.set(name, log);
    return gen;
  }

  async logRead(name: string, since: number, max: number) {
    const gen = Number(this.live(`gen:${name}`)?.value ?? 0);
    const due = gen - since;
    if (due <= 0 || due > max) return { gen, entries: [] };
    return { gen, entries: (this.logs.get(name) ?? []).slice(-due) };
  }

  async ping() {}

  async close() { this.entries.clear(); this.logs.clear(); this.windows.clear(); }
}
