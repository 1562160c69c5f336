/**
 * Toasts callable from anywhere (API client, engine, pages): a module-level queue that
 * `<Toaster/>` shows one at a time.
 */
export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface ToastMessage {
  id: number;
  severity: ToastSeverity;
  message: string;
}

let queue: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function push(severity: ToastSeverity, message: string): void {
  // A burst of failing requests must not queue the same text many times over.
  if (queue.some((item) => item.severity === severity && item.message === message)) return;
  queue = [...queue, { id: nextId++, severity, message }];
  emit();
}

export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): ToastMessage[] {
  return queue;
}

export function dismissToast(id: number): void {
  queue = queue.filter((item) => item.id !== id);
  emit();
}
