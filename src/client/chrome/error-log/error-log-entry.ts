/** Turning a caught error into a local error-log entry (spec §3 Error log entry). */
import type { ErrorLog } from '../../store/logs-store';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in local time. */
export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export interface CaughtError {
  error: unknown;
  /** Where it was caught: `window.onerror <file>:<line>:<col>`, `unhandledrejection`, a component stack. */
  info: string;
  url: string;
  now?: Date;
}

/** The entry stored for an error (anything thrown, not only Error objects). */
export function errorLogOf({ error, info, url, now = new Date() }: CaughtError): ErrorLog {
  const isError = error instanceof Error;
  let message: string;
  if (isError) message = error.message || error.name;
  else if (typeof error === 'string') message = error;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return { type: 'error', url, message, stack: isError ? (error.stack ?? '') : '', info, time: formatTime(now) };
}
