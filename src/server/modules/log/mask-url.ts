import { isSecretKey, MASK } from './mask-params.js';

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
 * (access_token, Blade-Auth, password, …, as in the params column) becomes `******`.
 * The rest is kept byte for byte, so the line still shows what was asked.
 */
export function maskUrl(url: string): string {
  if (!url.includes('=')) return url;
  return url.replace(QUERY_PAIR, (pair, separator: string, name: string) => (isSecretKey(decoded(name)) ? `${separator}${name}=${MASK}` : pair));
}
