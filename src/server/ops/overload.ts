import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLang, translate } from '../../shared/i18n/translate.js';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe or the metrics: answered under load too (readiness then says "overloaded"). */
    probe?: boolean;
  }
}

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 5;
/**
 * Start-up (schema compilation, first queries) blocks the event loop for a moment on any
 * machine, and for seconds on a busy one: event-loop delay counts as overload only after it.
 */
const EVENT_LOOP_GRACE_MS = 15_000;

/**
 * Refuses requests with 503 in our envelope while the process is past its overload limits
 * (event-loop delay, heap, RSS: config.overload), instead of queueing them without bound.
 * Sent from the hook itself: no error log row per refusal, since writing one is more load.
 * Probes pass, so liveness stays true and readiness reports the overload.
 */
export async function registerOverloadProtection(app: FastifyInstance, limits: Config['overload']): Promise<void> {
  const registeredAt = Date.now();
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (request.routeOptions.config?.probe) return;
      if (type === 'eventLoopDelay' && Date.now() - registeredAt < EVENT_LOOP_GRACE_MS) return;
      const header = request.headers['accept-language'];
      const msg = translate(pickLang(Array.isArray(header) ? header[0] : header), 'ops.overloaded');
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      // A payload returned is sent by under-pressure and ends the request here.
      return { code: 503, success: false, data: {}, msg } as unknown as void;
    },
  });
}
