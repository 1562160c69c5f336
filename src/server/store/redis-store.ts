import { Redis } from 'ioredis';
import type { SharedStore } from './shared-store.js';

export class RedisStore implements SharedStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'atrium:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async get(key: string) { return (await this.redis.get(this.prefix + key)) ?? undefined; }

  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    else await this.redis.set(this.prefix + key, value);
  }

  async del(key: string) { await this.redis.del(this.prefix + key); }

  async incr(key: string, ttlSeconds?: number) {
    const k = this.prefix + key;
    const [[, value]] = (await this.redis.multi().incr(k).exec()) as [[unknown, number]];
    if (ttlSeconds) await this.redis.expire(k, ttlSeconds);
    return value;
  }

  async close() { await this.redis.quit(); }
}
