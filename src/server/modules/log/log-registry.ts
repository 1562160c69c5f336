import type { AppServices } from '../../app-services.js';
import type { LogWriter } from './log-writer.js';
import type { ServerIdentity } from './server-identity.js';

/** The log module's parts that other code writes through. */
export interface LogSystem {
  writer: LogWriter;
  server: ServerIdentity;
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
