/**
 * Downloads a file the API streams (Excel export, import template). The API client reads
 * JSON envelopes only, so this is a fetch with the same headers whose body is saved as a
 * blob; an envelope instead of a file is a refusal, toasted and thrown as an ApiError
 * like any API failure. The session's token, the language and the toast come through the
 * API client's hooks (session/setup-http.ts), so the engine and the pages can both use it.
 */
import { ApiError, buildQuery, headersFor, REQUEST_TIMEOUT_MS, showFailure } from './http';

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else undefined. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return star[1].trim();
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : undefined;
}

/** Saves a blob as a file named `name` (a link clicked for the user). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

async function failure(res: Response, fallback: string): Promise<never> {
  const body: { code?: number; msg?: string; error_description?: string } = await res.json().catch(() => ({}));
  const message = body.msg || body.error_description || fallback;
  showFailure(message);
  // An ApiError: callers treat it as already shown.
  throw new ApiError(Number(body.code ?? res.status), message, body);
}

/**
 * GET `/api<url>?<params>` (or POST it with a JSON body: the generic blob download of the
 * reports' exports) with the session's headers and save the answer as a file named by
 * the server, else `fallbackName`. Rejects (after a toast) when refused.
 */
export async function downloadFile(input: { url: string; params?: Record<string, unknown>; data?: unknown; fallbackName: string }): Promise<void> {
  const headers = headersFor({ data: input.data });
  const controller = new AbortController();
  // Exports take longer than a page of JSON: six times the API timeout.
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS * 6);
  let res: Response;
  try {
    const post = input.data !== undefined;
    res = await fetch(`/api${input.url}${buildQuery(input.params)}`, {
      method: post ? 'POST' : 'GET', body: post ? JSON.stringify(input.data) : undefined, headers, credentials: 'include', signal: controller.signal,
    });
  } catch (error) {
    const message = error instanceof DOMException && error.name === 'AbortError' ? 'timeout' : 'Network Error';
    showFailure(message);
    throw new ApiError(0, message);
  } finally {
    clearTimeout(timer);
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) return failure(res, `${res.status} ${res.statusText}`.trim());
  saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition')) ?? input.fallbackName);
}
