import { MemoryStore } from './memory-store.js';
import type { SharedStore } from './shared-store.js';

/** Redis when REDIS_URL is set (its client loaded only then), else this process's memory. */
export async function openStore(redisUrl?: string): Promise<SharedStore> {
  if (!redisUrl) return new MemoryStore();
  const { RedisStore } = await import('./redis-store.js');
  return RedisStore.open(redisUrl);
}
