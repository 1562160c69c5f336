import { SocialProviderError } from './social-provider.js';

const TIMEOUT_MS = 10_000;
/** Provider answers are small JSON documents; anything bigger is refused unread. */
const MAX_BODY_CHARS = 256 * 1024;

export type ProviderBody = Record<string, unknown>;

/**
 * Providers answer JSON, form-encoded text (GitHub without Accept, QQ's old token
 * endpoint) or JSONP (QQ's `callback( {...} );`): all read as one flat object.
 */
function parseBody(raw: string): ProviderBody {
  const trimmed = raw.trim().replace(/^callback\(\s*([\s\S]*?)\s*\);?$/, '$1');
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as ProviderBody;
    } catch {
      throw new SocialProviderError('malformed JSON answer');
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

/** The provider's own complaint in an answer, if it has one (OAuth2 error, WeChat errcode, QQ ret). */
function complaintOf(body: ProviderBody): string | undefined {
  const described = body.error_description ?? body.errmsg ?? body.msg;
  if (body.error !== undefined && body.error !== 0 && body.error !== '0') return String(body.error_description ?? body.error);
  if (body.errcode !== undefined && Number(body.errcode) !== 0) return String(described ?? body.errcode);
  if (body.ret !== undefined && Number(body.ret) !== 0) return String(described ?? body.ret);
  return undefined;
}

/** One call to a provider: at most 10 s, never following redirects, its error texts surfaced. */
export async function callProvider(url: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<ProviderBody> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', 'user-agent': 'atrium-social-sign-in', ...init.headers },
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SocialProviderError(`cannot reach ${new URL(url).host}: ${(error as Error).message}`);
  }
  const raw = await response.text();
  if (raw.length > MAX_BODY_CHARS) throw new SocialProviderError(`answer too large from ${new URL(url).host}`);
  const body = response.status === 204 || raw.trim() === '' ? {} : parseBody(raw);
  const complaint = complaintOf(body);
  if (complaint) throw new SocialProviderError(complaint);
  if (!response.ok) throw new SocialProviderError(`HTTP ${response.status} from ${new URL(url).host}`);
  return body;
}

/** The access token of a token answer, else the provider's failure. */
export function accessTokenOf(body: ProviderBody): string {
  const token = body.access_token;
  if (typeof token !== 'string' || !token) throw new SocialProviderError('no access_token in the token answer');
  return token;
}

/** A URL with extra query parameters. */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== '') url.searchParams.set(key, value);
  return url.toString();
}
