import { isSecretKey, MASK } from './secret-keys.js';

/** The password of `scheme://user:password@host` (up to the authority's last `@`). */
const USER_INFO_PASSWORD = /(\/\/[^/?#@\s:]*):[^/?#\s]*@/g;

/** One `name=value` of a query, wherever it is: hash-routed pages keep theirs after the `#`. */
const QUERY_PAIR = /([?&])([^=&#?]*)=([^&#]*)/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A URL fit for a log: the value of every query parameter whose name marks a secret
 * (access_token, Blade-Auth, password, …, as in the params column) and the password of
 * `user:password@` become `******`. The rest is kept byte for byte, so the line still
 * shows what was asked.
 */
export function maskUrl(url: string): string {
  const masked = url.includes('@') ? url.replace(USER_INFO_PASSWORD, `$1:${MASK}@`) : url;
  if (!masked.includes('=')) return masked;
  return masked.replace(QUERY_PAIR, (pair, separator: string, name: string) => (isSecretKey(decoded(name)) ? `${separator}${name}=${MASK}` : pair));
}
