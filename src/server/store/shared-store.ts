import type { MaybePromise } from '../../shared/maybe-promise.js';

/** A counter that may not pass its limit (see `SharedStore.reserve`). */
export interface LimitedCounter {
  key: string;
  limit: number;
}

/** At most `limit` entries in any `windowMs` milliseconds (see `SharedStore.takeFromWindow`). */
export interface SlidingWindow {
  key: string;
  limit: number;
  windowMs: number;
}

/** What taking from a window answers: the entry taken (to give back), or how long until one leaves. */
export type WindowTake = { taken: true; entry: string } | { taken: false; retryAfterMs: number };

/**
 * Shared ephemeral state (captcha, codes, failure counters, sessions and refresh tokens,
 * list generations): in-process for one node, Redis when REDIS_URL is set. Every method
 * is one atomic step in both stores, so racing requests (and processes) see one order.
 */
export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  /** Several keys in one step (one round trip in Redis; at hand in the single-process store, without a promise). */
  getMany(keys: string[]): MaybePromise<(string | undefined)[]>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Sets only a key that exists (the TTL is set anew); answers whether it did. */
  setIfExists(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Swaps the value of an existing key (its TTL kept) and answers the former value; undefined, and nothing set, when absent. */
  replace(key: string, value: string): Promise<string | undefined>;
  del(key: string): Promise<void>;
  /** Increments and answers the new value; the TTL is (re)set when given. */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  /**
   * When every counter is below its limit, increments them all (TTL (re)set) and answers
   * true; otherwise changes nothing and answers false.
   */
  reserve(counters: LimitedCounter[], ttlSeconds: number): Promise<boolean>;
  /**
   * A sliding window: when fewer than `limit` entries of `key` are younger than `windowMs`,
   * adds one and answers it; otherwise adds nothing and answers the milliseconds until the
   * oldest leaves the window (> 0, ≤ windowMs). Redis keeps the time on its own clock.
   */
  takeFromWindow(window: SlidingWindow): Promise<WindowTake>;
  /** Removes an entry taken from a window (nothing when it has already left). */
  giveBackToWindow(key: string, entry: string): Promise<void>;
  /**
   * Increments `gen:<name>` and appends `entry` as the log entry of that generation to
   * `genlog:<name>` (the last `keep` entries are kept); answers the new generation. A
   * generation the store lost starts again above every number it answered before (Redis:
   * from the time in microseconds), never at a number a process may still hold.
   */
  logAppend(name: string, entry: string, keep: number): Promise<number>;
  /**
   * The generation of `name` and the log entries after `since` (each `<gen> <entry>`,
   * oldest first); no entries when more than `max` are due or `since` is current.
   */
  logRead(name: string, since: number, max: number): Promise<{ gen: number; entries: string[] }>;
  /**
   * Moves whenever the store may have lost what it held (Redis reconnected: it may have
   * restarted empty). Values a process derived from the store's generations start over
   * when it moves; a loss without a reconnect (a flush) shows as a generation jump instead.
   */
  epoch(): number;
  /** Resolves when the store answers now (readiness); rejects with StoreUnavailableError otherwise, never waits for a reconnect. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
