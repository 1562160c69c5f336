import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { logSystemOf } from './log-registry.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { requestFields } from './request-fields.js';

export type UsualLevel = 'debug' | 'info' | 'warn' | 'error';

export interface UsualLogEntry {
  level: UsualLevel;
  /** What the entry is about (BladeX log_id), e.g. `sms-send`. */
  id: string;
  /** Free text, or a value stored as JSON. */
  data: unknown;
  /** The request it belongs to: its tenant, caller and request columns are filled from it. */
  request?: FastifyRequest;
  /** Tenant of an entry without a request; default the platform tenant. */
  tenantId?: string;
}

const MAX_DATA = 20_000;

/**
 * The app logger behind blade_log_usual (BladeX's `BladeLogger.info(id, data)`): buffered
 * like every log row, so it never blocks or fails the caller.
 */
export function logUsual(services: AppServices, entry: UsualLogEntry): void {
  const system = logSystemOf(services);
  if (!system) return;
  const data = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data) ?? '';
  const context = entry.request
    ? requestFields(entry.request, system.server)
    : { ...system.server, tenantId: entry.tenantId ?? PLATFORM_TENANT, createBy: '', params: '' };
  system.writer.push('usual', { ...context, logLevel: entry.level, logId: entry.id, logData: data.slice(0, MAX_DATA) });
}
