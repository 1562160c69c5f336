import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { SharedStore } from '../store/shared-store.js';
import { RedisStore } from '../store/redis-store.js';
import { AppError } from '../../shared/errors.js';

export type RateLimitGroup = 'signIn' | 'captcha' | 'smsCode';

const PER_MINUTE: Record<RateLimitGroup, keyof Config['rateLimits']> = {
  signIn: 'signInPerMinute',
  captcha: 'captchaPerMinute',
  smsCode: 'smsCodePerMinute',
};

const limitsOf = new WeakMap<FastifyInstance, Record<RateLimitGroup, onRequestHookHandler>>();

const noLimit: onRequestHookHandler = async () => {};

/**
 * Per-address request limits on the open routes that cost us something (sign-in, captcha,
 * SMS codes), with @fastify/rate-limit: one counter per group and client address (the
 * `/api` and bare paths of a route share it), in Redis when the app's store is Redis so
 * several processes count together. Every request counts here, in a fixed minute; the
 * sign-in failure rule (modules/auth/login-failures.ts) counts only failed passwords, per
 * account (the BladeX lockout) and per address in a short sliding window that answers 429
 * with Retry-After like this one. If Redis does not answer the limiter lets the
 * request through: every limited route needs the store itself and answers the store
 * outage's 503.
 */
export async function registerRateLimits(app: FastifyInstance, config: Readonly<Config>, store: SharedStore): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    redis: store instanceof RedisStore ? store.connection : undefined,
    nameSpace: 'atrium:rate-limit:',
    errorResponseBuilder: (_request, context) => new AppError('request.tooManyRequests', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }, 429),
  });
  const limit = (group: RateLimitGroup): onRequestHookHandler => {
    const max = config.rateLimits[PER_MINUTE[group]];
    if (max === 0) return noLimit;
    return app.rateLimit({ max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}` });
  };
  limitsOf.set(app, { signIn: limit('signIn'), captcha: limit('captcha'), smsCode: limit('smsCode') });
}

/** The onRequest hook that applies a group's limit (registerRateLimits must have run). */
export function rateLimitOf(app: FastifyInstance, group: RateLimitGroup): onRequestHookHandler {
  // A plugin's scope is made from the app with Object.create: look the app up the chain.
  let owner: object | null = app;
  while (owner && !limitsOf.has(owner as FastifyInstance)) owner = Object.getPrototypeOf(owner);
  const limits = owner ? limitsOf.get(owner as FastifyInstance) : undefined;
  if (!limits) throw new Error('registerRateLimits has not run on this app');
  return limits[group];
}
