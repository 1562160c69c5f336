import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { SharedStore } from './shared-store.js';

export function openStore(redisUrl?: string): SharedStore {
  return redisUrl ? new RedisStore(redisUrl) : new MemoryStore();
}
