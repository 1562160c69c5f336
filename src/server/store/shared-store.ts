/**
 * Shared ephemeral state (captcha, codes, failure counters, refresh tokens, list
 * generations): in-process for one node, Redis when REDIS_URL is set.
 */
export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Increments and answers the new value; the TTL is (re)set when given. */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  close(): Promise<void>;
}
