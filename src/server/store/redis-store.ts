import { randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import type { LimitedCounter, SharedStore, SlidingWindow, WindowTake } from './shared-store.js';
import { StoreUnavailableError } from './store-unavailable.js';

/** Bounds on waiting for Redis: a request fails within about this long instead of hanging. */
const CONNECT_TIMEOUT_MS = 1500;
/**
 * Only a Redis that is connected but silent waits this long (a stopped one is refused at
 * once: its connection is closed). Longer than the connect bound because a process starved
 * of CPU runs its expired timers before it reads the replies already in, so a short bound
 * failed commands Redis had answered (docs/decisions/0014-sessions-and-tokens.md, "Redis outage").
 */
const COMMAND_TIMEOUT_MS = 5000;

const REPLACE = `local old = redis.call('GET', KEYS[1])
if old then redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL') end
return old`;

const RESERVE = `for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[1])
end
return 1`;

/**
 * A sliding window as a sorted set of entries scored by the time they were taken, on
 * Redis's clock (one clock for every process): entries that have left the window are
 * dropped, then one is added if there is room. Answers {1} or {0, ms until the oldest leaves}.
 */
const TAKE_FROM_WINDOW = `local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs - windowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if oldest[2] == nil then return {0, windowMs} end
  return {0, tonumber(oldest[2]) + windowMs - nowMs}
end
redis.call('ZADD', KEYS[1], nowMs, ARGV[3])
redis.call('PEXPIRE', KEYS[1], windowMs)
return {1}`;

/**
 * A generation that is not there (a new Redis, or one that lost its keys: flushed, evicted,
 * restarted empty while this process stayed connected to a replica) starts at the time in
 * microseconds, not at 0: numbers taken after a loss are never ones processes still hold
 * from before it, so a log read sees a jump (and counts anew) rather than writes it takes
 * for already seen. Below 2^53, and written with %d (Lua's own number text is %.14g).
 */
const LOG_APPEND = `if redis.call('EXISTS', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  redis.call('SET', KEYS[1], now[1] .. string.format('%06d', now[2]))
end
local gen = redis.call('INCR', KEYS[1])
redis.call('RPUSH', KEYS[2], string.format('%d', gen) .. ' ' .. ARGV[1])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
return gen`;

const LOG_READ = `local gen = tonumber(redis.call('GET', KEYS[1]) or '0')
local due = gen - tonumber(ARGV[1])
if due <= 0 or due > tonumber(ARGV[2]) then return {gen} end
local out = redis.call('LRANGE', KEYS[2], -due, -1)
table.insert(out, 1, gen)
return out`;

/** The scripts, sent once per connection and then by their SHA (ioredis `defineCommand`): not their text on every call. */
interface Scripts {
  atriumReplace(key: string, value: string): Promise<string | null>;
  atriumReserve(numberOfKeys: number, ...args: string[]): Promise<number>;
  atriumTakeFromWindow(key: string, limit: string, windowMs: string, entry: string): Promise<[number, number?]>;
  atriumLogAppend(gen: string, log: string, entry: string, keep: string): Promise<number>;
  atriumLogRead(gen: string, log: string, since: string, max: string): Promise<[number, ...string[]]>;
}
type ScriptedRedis = Redis & Scripts;

function defineScripts(redis: Redis): ScriptedRedis {
  redis.defineCommand('atriumReplace', { numberOfKeys: 1, lua: REPLACE });
  redis.defineCommand('atriumReserve', { lua: RESERVE });
  redis.defineCommand('atriumTakeFromWindow', { numberOfKeys: 1, lua: TAKE_FROM_WINDOW });
  redis.defineCommand('atriumLogAppend', { numberOfKeys: 2, lua: LOG_APPEND });
  redis.defineCommand('atriumLogRead', { numberOfKeys: 2, lua: LOG_READ });
  return redis as ScriptedRedis;
}

/**
 * The store in Redis. Commands never queue while Redis is away: they fail at once (or
 * after COMMAND_TIMEOUT_MS) with StoreUnavailableError, and the client keeps reconnecting
 * in the background, so service resumes by itself when Redis is back. Only the very
 * first connection is waited for, so a process starting next to Redis does not refuse
 * its first requests.
 */
const CLIENT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  retryStrategy: (times) => Math.min(times * 100, 1000),
};

export class RedisStore implements SharedStore {
  private readonly redis: ScriptedRedis;
  private readonly firstReady: Promise<void>;
  private hasBeenReady = false;
  /** Connections made so far (ioredis 'ready' events): a Redis restarted without persistence came back empty. */
  private readies = 0;

  /** Connects to `url`; the ioredis client is loaded here, so a process without Redis never loads it. */
  static async open(url: string, prefix = 'atrium:'): Promise<RedisStore> {
    const { Redis: Client } = await import('ioredis');
    return new RedisStore(new Client(url, CLIENT_OPTIONS), prefix);
  }

  private constructor(redis: Redis, private readonly prefix: string) {
    this.redis = defineScripts(redis);
    // Connection errors surface as failed commands; without a listener ioredis prints each one.
    this.redis.on('error', () => {});
    this.redis.on('ready', () => { this.readies += 1; });
    this.firstReady = new Promise((resolve) => this.redis.once('ready', () => { this.hasBeenReady = true; resolve(); }));
  }

  private async run<T>(command: (redis: ScriptedRedis) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      if (this.hasBeenReady) throw new StoreUnavailableError();
      const waited = await Promise.race([this.firstReady.then(() => true), new Promise<false>((r) => setTimeout(r, CONNECT_TIMEOUT_MS, false).unref())]);
      if (!waited) throw new StoreUnavailableError();
    }
    try {
      return await command(this.redis);
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  epoch() { return this.readies; }

  /** The connection itself, for a library that speaks Redis on its own (the rate limiter). */
  get connection(): Redis { return this.redis; }

  private k(key: string) { return this.prefix + key; }

  async get(key: string) { return (await this.run((r) => r.get(this.k(key)))) ?? undefined; }

  async getMany(keys: string[]) {
    if (keys.length === 0) return [];
    const values = await this.run((r) => r.mget(keys.map((key) => this.k(key))));
    return values.map((v) => v ?? undefined);
  }

  async set(key: string, value: string, ttlSeconds?: number) {
    await this.run((r) => (ttlSeconds ? r.set(this.k(key), value, 'EX', ttlSeconds) : r.set(this.k(key), value)));
  }

  async setIfExists(key: string, value: string, ttlSeconds: number) {
    return (await this.run((r) => r.set(this.k(key), value, 'EX', ttlSeconds, 'XX'))) === 'OK';
  }

  async replace(key: string, value: string) {
    const old = await this.run((r) => r.atriumReplace(this.k(key), value));
    return old ?? undefined;
  }

  async del(key: string) { await this.run((r) => r.del(this.k(key))); }

  async incr(key: string, ttlSeconds?: number) {
    const k = this.k(key);
    const results = await this.run((r) => {
      const step = r.multi().incr(k);
      return (ttlSeconds ? step.expire(k, ttlSeconds) : step).exec();
    });
    const [error, value] = results?.[0] ?? [new Error('transaction aborted')];
    if (error) throw new StoreUnavailableError(error);
    return Number(value);
  }

  async reserve(counters: LimitedCounter[], ttlSeconds: number) {
    const keys = counters.map((c) => this.k(c.key));
    const limits = counters.map((c) => String(c.limit));
    return (await this.run((r) => r.atriumReserve(keys.length, ...keys, String(ttlSeconds), ...limits))) === 1;
  }

  async takeFromWindow({ key, limit, windowMs }: SlidingWindow): Promise<WindowTake> {
    const entry = randomUUID();
    const [taken, retryAfterMs] = await this.run((r) => r.atriumTakeFromWindow(this.k(key), String(limit), String(Math.ceil(windowMs)), entry));
    return taken === 1 ? { taken: true, entry } : { taken: false, retryAfterMs: Number(retryAfterMs) };
  }

  async giveBackToWindow(key: string, entry: string) { await this.run((r) => r.zrem(this.k(key), entry)); }

  async logAppend(name: string, entry: string, keep: number) {
    return Number(await this.run((r) => r.atriumLogAppend(this.k(`gen:${name}`), this.k(`genlog:${name}`), entry, String(keep))));
  }

  async logRead(name: string, since: number, max: number) {
    const [gen, ...entries] = await this.run((r) => r.atriumLogRead(this.k(`gen:${name}`), this.k(`genlog:${name}`), String(since), String(max)));
    return { gen: Number(gen), entries };
  }

  /** Like every command: a probe just after start waits for the first connection, and fails at once once it was lost. */
  async ping() {
    await this.run((r) => r.ping());
  }

  async close() { await this.redis.quit().catch(() => this.redis.disconnect()); }
}
