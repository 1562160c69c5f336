/** SWR's default fetcher: the key is an API path (under /api), or `[path, params]`. */
import { request } from './http';

export type SwrKey = string | readonly [string, Record<string, unknown>];

export function swrFetcher<T = unknown>(key: SwrKey): Promise<T> {
  return typeof key === 'string' ? request<T>({ url: key }) : request<T>({ url: key[0], params: key[1] });
}
