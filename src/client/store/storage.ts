/**
 * Browser storage (spec §3 "Browser stored item"; Saber util/store.js). Each value is
 * kept under `<siteConfig.key>-<name>` as JSON `{dataType, content, type, datetime}`:
 * sessionStorage when `type` is 'session', else localStorage. Reads try
 * sessionStorage first.
 */
import { siteConfig } from '../site-config';

export type StoreType = 'session' | 'local';

export interface StoredItem<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  /** Epoch milliseconds of the write. */
  datetime: number;
}

export interface SetStoreParams<T> {
  name: string;
  content: T;
  type?: StoreType;
}

export function storeKey(name: string): string {
  return `${siteConfig.key}-${name}`;
}

function area(type: StoreType): Storage | undefined {
  const g = globalThis as { sessionStorage?: Storage; localStorage?: Storage };
  return type === 'session' ? g.sessionStorage : g.localStorage;
}

export function setStore<T>({ name, content, type = 'local' }: SetStoreParams<T>): void {
  const item: StoredItem<T> = { dataType: typeof content, content, type, datetime: Date.now() };
  area(type)?.setItem(storeKey(name), JSON.stringify(item));
}

/** The whole stored record (with its datetime), or undefined. */
export function getStoreItem<T>(name: string): StoredItem<T> | undefined {
  const raw = area('session')?.getItem(storeKey(name)) ?? area('local')?.getItem(storeKey(name));
  if (raw == null) return undefined;
  try {
    const item = JSON.parse(raw) as StoredItem<T>;
    return item && typeof item === 'object' && 'content' in item ? item : undefined;
  } catch {
    // A value written by something else: treat as absent rather than crash the app.
    return undefined;
  }
}

export function getStore<T>(name: string): T | undefined {
  return getStoreItem<T>(name)?.content;
}

/** Removes the value from both storages. */
export function removeStore(name: string): void {
  area('session')?.removeItem(storeKey(name));
  area('local')?.removeItem(storeKey(name));
}
