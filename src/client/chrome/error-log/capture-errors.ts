/**
 * Stores unhandled errors in the local error log (spec §8; Saber src/error.js): window
 * `error` and `unhandledrejection` here, render errors through the error boundaries
 * (`logRenderError`). Installed once at start-up.
 */
import { addLog } from '../../store/logs-store';
import { errorLogOf } from './error-log-entry';

export function logError(error: unknown, info: string): void {
  addLog(errorLogOf({ error, info, url: window.location.href }));
}

/** A React render error, with the component stack as its info. */
export function logRenderError(error: unknown, componentStack?: string | null): void {
  logError(error, (componentStack ?? '').trim() || 'render');
}

let isInstalled = false;

export function installErrorCapture(): void {
  if (isInstalled) return;
  isInstalled = true;
  window.addEventListener('error', (event) => {
    // Resource load failures (an <img> 404) are events without an error: not code faults.
    if (!event.error && !event.message) return;
    logError(event.error ?? event.message, `window.onerror ${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => logError(event.reason, 'unhandledrejection'));
}
