import type { SharedStore } from './shared-store.js';

interface Entry { value: string; expiresAt?: number }

export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) { return this.live(key)?.value; }

  async set(key: string, value: string, ttlSeconds?: number) {
    this.entries.set(key, { value, expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : undefined });
  }

  async del(key: string) { this.entries.delete(key); }

  async incr(key: string, ttlSeconds?: number) {
    const prior = this.live(key);
    const value = Number(prior?.value ?? 0) + 1;
    const expiresAt = ttlSeconds ? Date.now() + ttlSeconds * 1000 : prior?.expiresAt;
    this.entries.set(key, { value: String(value), expiresAt });
    return value;
  }

  async close() { this.entries.clear(); }
}
