/**
 * The local error log (spec §8; Saber store/modules/logs.js): `saber-logs` in local
 * storage, newest first, shown by the top bar's bug badge.
 */
import { createStore, useStore } from './create-store';
import { getStore, removeStore, setStore } from './storage';

export interface ErrorLog {
  type: 'error';
  url: string;
  message: string;
  stack: string;
  info: string;
  /** `YYYY-MM-DD HH:mm:ss`, local time. */
  time: string;
}

/** Entries kept: older ones drop off (the server takes at most 100 per upload). */
export const MAX_LOGS = 100;

const logsStore = createStore<ErrorLog[]>(getStore<ErrorLog[]>('logs') ?? [], (logs) => {
  if (logs.length) setStore({ name: 'logs', content: logs });
  else removeStore('logs');
});

export const getLogs = logsStore.get;

export function useLogs(): ErrorLog[] {
  return useStore(logsStore);
}

export function addLog(log: ErrorLog): void {
  logsStore.set([log, ...logsStore.get()].slice(0, MAX_LOGS));
}

export function clearLogs(): void {
  logsStore.set([]);
}
