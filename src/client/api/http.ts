/**
 * The one API client (spec §7–§8). Every call carries the client's Basic authorization
 * and, unless `auth: false`, `Blade-Auth: bearer <token>`. Statuses 200–500 are
 * answers: the code is the body's `code`, else the HTTP status. 401 forces a logout;
 * other non-200 codes raise a toast (msg, error_description, else 未知错误) unless the
 * code is on the silent whitelist, and reject with ApiError.
 */
import { siteConfig } from '../site-config';

export const REQUEST_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Path under /api, e.g. `/blade-system/param/list`. */
  url: string;
  params?: Record<string, unknown>;
  /** JSON body (POST). */
  data?: unknown;
  /** Form body (POST multipart), e.g. for uploads. */
  form?: FormData;
  /** Send no Blade-Auth header. */
  auth?: boolean;
  /** Do not toast on failure. */
  silent?: boolean;
  /** Accept-Language override. */
  lang?: string;
  /** Extra headers (the token call's Tenant-Id). */
  headers?: Record<string, string>;
}

export interface HttpHooks {
  getToken(): string | undefined;
  getLang(): string;
  onUnauthorized(): void;
  onError(message: string): void;
}

let hooks: HttpHooks = {
  getToken: () => undefined,
  getLang: () => 'zh',
  onUnauthorized: () => undefined,
  onError: () => undefined,
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

export function basicAuthorization(): string {
  return `Basic ${btoa(`${siteConfig.clientId}:${siteConfig.clientSecret}`)}`;
}

export function buildQuery(params: Record<string, unknown> = {}): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    q.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The headers of every call: Basic client, language, the session's token (unless `auth: false`), JSON body type. */
export function headersFor(opts: Pick<RequestOptions, 'lang' | 'auth' | 'data' | 'headers'>): Headers {
  const headers = new Headers({ Authorization: basicAuthorization(), 'Accept-Language': opts.lang ?? hooks.getLang() });
  const token = hooks.getToken();
  if (opts.auth !== false && token) headers.set(siteConfig.tokenHeader, `bearer ${token}`);
  if (opts.data !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
  return headers;
}

async function send(opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(`/api${opts.url}${buildQuery(opts.params)}`, {
      method: opts.method ?? 'GET',
      headers: headersFor(opts),
      body: opts.form ?? (opts.data === undefined ? undefined : JSON.stringify(opts.data)),
      credentials: 'include',
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Shows a failure as every API failure is shown (the console's toast, wired at start-up). */
export function showFailure(message: string): void {
  hooks.onError(message);
}

function fail(code: number, message: string, body: unknown, silent?: boolean): never {
  if (code === 401) hooks.onUnauthorized();
  else if (!silent && !siteConfig.statusWhiteList.includes(code)) hooks.onError(message);
  throw new ApiError(code, message, body);
}

/** Sends a request and answers the whole body when its code is 200. */
export async function requestRaw<T = any>(opts: RequestOptions): Promise<T> {
  let res: Response;
  try {
    res = await send(opts);
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    return fail(0, aborted ? 'timeout of 10000ms exceeded' : 'Network Error', undefined, opts.silent);
  }
  const body: any = await res.json().catch(() => ({}));
  const code = Number(body?.code ?? body?.error_code ?? res.status);
  if (res.status > 500 && !body?.code) return fail(res.status, body?.msg ?? '未知错误', body, opts.silent);
  if (code !== 200) return fail(code, body?.msg || body?.error_description || '未知错误', body, opts.silent);
  return body as T;
}

/** Sends a request and answers the envelope's `data`. */
export async function request<T = any>(opts: RequestOptions): Promise<T> {
  const body = await requestRaw<{ data: T }>(opts);
  return body.data;
}
