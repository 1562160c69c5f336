import type { AppServices } from '../../app-services.js';
import type { LogRetention } from './log-retention.js';
import type { LogWriter } from './log-writer.js';
import type { ServerIdentity } from './server-identity.js';

/** The log module's parts that other code writes through. */
export interface LogSystem {
  writer: LogWriter;
  server: ServerIdentity;
  /** Present when LOG_RETENTION_DAYS is set. */
  retention?: LogRetention;
}

const systems = new WeakMap<AppServices, LogSystem>();

export function attachLogSystem(services: AppServices, system: LogSystem): void {
  systems.set(services, system);
}

/** The app's log system; undefined when the log module is not registered (nothing is logged then). */
export function logSystemOf(services: AppServices): LogSystem | undefined {
  return systems.get(services);
}

/** The app's log writer (tests flush it; see LogWriter). */
export function logWriterOf(services: AppServices): LogWriter | undefined {
  return systems.get(services)?.writer;
}

/** The app's log retention, when LOG_RETENTION_DAYS is set (tests run a purge). */
export function logRetentionOf(services: AppServices): LogRetention | undefined {
  return systems.get(services)?.retention;
}
