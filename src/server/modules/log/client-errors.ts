import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { logSystemOf } from './log-registry.js';
import { maskUrl } from './mask-url.js';
import { CONSOLE_SERVICE_ID, type ServerIdentity } from './server-identity.js';
import { stackLocation } from './stack-location.js';

/** One entry of the console's local error log (Saber's ADD_LOGS: type, url, message, stack, info, time). */
export interface ClientErrorLog {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

/** Entries taken from one upload; the console's badge counts to 99. */
export const MAX_CLIENT_LOGS = 100;
const LIMITS: Record<keyof ClientErrorLog, number> = { type: 32, url: 1000, message: 2000, stack: 20_000, info: 2000, time: 32 };

/** Who uploads: the verified caller, plus where the upload came from. */
export type ClientErrorContext = RequestContext & { remoteIp?: string; userAgent?: string };

function text(value: unknown, max: number): string {
  if (value === undefined || value === null) return '';
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return s.slice(0, max);
}

/** The entries of an upload body (a list, or `{logs: [...]}`); undefined when it holds none. */
export function clientLogsIn(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  const logs = (body as { logs?: unknown } | null | undefined)?.logs;
  return Array.isArray(logs) ? logs : undefined;
}

/** Object entries with each field as bounded text; other entries are skipped. */
export function parseClientLogs(list: unknown[]): ClientErrorLog[] {
  return list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item))
    .slice(0, MAX_CLIENT_LOGS)
    .map((item) => {
      const out = {} as ClientErrorLog;
      for (const key of Object.keys(LIMITS) as (keyof ClientErrorLog)[]) out[key] = text(item[key], LIMITS[key]);
      return out;
    });
}

function clientErrorRecord(log: ClientErrorLog, ctx: ClientErrorContext, server: ServerIdentity): EntityRecord {
  const url = maskUrl(log.url);
  return {
    ...server,
    serviceId: CONSOLE_SERVICE_ID,
    tenantId: ctx.tenantId,
    createBy: ctx.account ?? '',
    remoteIp: ctx.remoteIp ?? '',
    userAgent: ctx.userAgent ?? '',
    method: '',
    requestUri: url,
    exceptionName: log.type || 'error',
    message: log.message,
    stackTrace: log.stack,
    ...stackLocation(log.stack),
    methodClass: CONSOLE_SERVICE_ID,
    methodName: log.type,
    params: JSON.stringify({ url, info: log.info, time: log.time }),
  };
}

/**
 * Stores the console's error log entries (a list, or `{logs: [...]}`) as error logs of the
 * caller's tenant, service_id `console`. Never throws: a body without entries records
 * nothing. Answers how many were recorded (at most MAX_CLIENT_LOGS).
 */
export function recordClientErrors(services: AppServices, ctx: ClientErrorContext, logs: unknown): number {
  const system = logSystemOf(services);
  const list = clientLogsIn(logs);
  if (!system || !list) return 0;
  const parsed = parseClientLogs(list);
  for (const log of parsed) system.writer.push('error', clientErrorRecord(log, ctx, system.server));
  return parsed.length;
}
