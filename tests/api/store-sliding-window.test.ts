import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/server/store/memory-store.js';
import { RedisStore } from '../../src/server/store/redis-store.js';
import type { SharedStore } from '../../src/server/store/shared-store.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/* The sliding-window primitive of both stores: REDIS_URL's Redis when set, else a throwaway one. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const freshKey = () => `test:window:${randomBytes(6).toString('hex')}`;

interface StoreCase { name: string; open(): Promise<SharedStore>; close?(): void }

let throwaway: ThrowawayRedis | undefined;
const cases: StoreCase[] = [{ name: 'in-process store', open: async () => new MemoryStore() }];
if (process.env.REDIS_URL || hasRedisServer) {
  cases.push({
    name: 'Redis store',
    open: async () => {
      const url = process.env.REDIS_URL ?? (throwaway = await throwawayRedis()).url;
      return RedisStore.open(url, `atrium-test-${randomBytes(4).toString('hex')}:`);
    },
    close: () => throwaway?.stop(),
  });
}

describe.each(cases)('sliding window of the $name', (storeCase) => {
  let store: SharedStore;
  beforeAll(async () => { store = await storeCase.open(); });
  afterAll(async () => {
    await store?.close();
    storeCase.close?.();
  });

  it('takes up to the limit, then refuses with the time until the oldest entry leaves', async () => {
    const window = { key: freshKey(), limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) expect((await store.takeFromWindow(window)).taken).toBe(true);
    const refused = await store.takeFromWindow(window);
    expect(refused.taken).toBe(false);
    if (refused.taken) return;
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('lets 7 of 50 racing takes through a window of 7', async () => {
    const window = { key: freshKey(), limit: 7, windowMs: 60_000 };
    const takes = await Promise.all(Array.from({ length: 50 }, () => store.takeFromWindow(window)));
    expect(takes.filter((take) => take.taken)).toHaveLength(7);
    expect(new Set(takes.flatMap((take) => (take.taken ? [take.entry] : []))).size).toBe(7);
  });

  it('slides: when the oldest entry leaves, one room frees and the younger entry still counts', async () => {
    const window = { key: freshKey(), limit: 2, windowMs: 2_000 };
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    await sleep(1_000);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    const full = await store.takeFromWindow(window);
    expect(full.taken).toBe(false);
    if (full.taken) return;
    expect(full.retryAfterMs).toBeLessThanOrEqual(1_000);
    await sleep(full.retryAfterMs + 30);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    const again = await store.takeFromWindow(window);
    expect(again.taken).toBe(false);
    if (again.taken) return;
    expect(again.retryAfterMs).toBeGreaterThan(0);
  });

  it('frees an entry given back at once, and forgets the whole window with del', async () => {
    const window = { key: freshKey(), limit: 2, windowMs: 60_000 };
    const first = await store.takeFromWindow(window);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    expect((await store.takeFromWindow(window)).taken).toBe(false);
    if (!first.taken) throw new Error('the first take was refused');
    await store.giveBackToWindow(window.key, first.entry);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    expect((await store.takeFromWindow(window)).taken).toBe(false);
    await store.del(window.key);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
  });

  it('empties a window of its own accord once every entry has left it', async () => {
    const window = { key: freshKey(), limit: 1, windowMs: 300 };
    expect((await store.takeFromWindow(window)).taken).toBe(true);
    expect((await store.takeFromWindow(window)).taken).toBe(false);
    await sleep(350);
    expect((await store.takeFromWindow(window)).taken).toBe(true);
  });
});
