/**
 * When the token is refreshed: site config `tokenTime` (seconds of age) checked every
 * `tokenCheckIntervalMs`. A browser test cannot wait 50 minutes, so when local storage
 * holds `saber-debug-token-time` — a JSON object `{"tokenTime": <s>, "intervalMs": <ms>}`
 * or a bare number of seconds — it overrides them. The key is read only when present; no
 * code path writes it.
 */
import { siteConfig } from '../site-config';

export const DEBUG_TOKEN_TIME_KEY = `${siteConfig.key}-debug-token-time`;

export interface TokenTiming {
  tokenTimeSeconds: number;
  checkIntervalMs: number;
}

const defaults = (): TokenTiming => ({ tokenTimeSeconds: siteConfig.tokenTime, checkIntervalMs: siteConfig.tokenCheckIntervalMs });

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/** The timing an override text asks for, falling back to the site config for what it omits. */
export function parseTokenTiming(raw: string | null | undefined): TokenTiming {
  const timing = defaults();
  if (raw == null) return timing;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return timing; // Not JSON: ignore the override rather than break the session.
  }
  if (typeof value === 'number') return { ...timing, tokenTimeSeconds: positive(value) ?? timing.tokenTimeSeconds };
  const override = (value ?? {}) as { tokenTime?: unknown; intervalMs?: unknown };
  return {
    tokenTimeSeconds: positive(override.tokenTime) ?? timing.tokenTimeSeconds,
    checkIntervalMs: positive(override.intervalMs) ?? timing.checkIntervalMs,
  };
}

export function tokenTiming(): TokenTiming {
  const storage = (globalThis as { localStorage?: Storage }).localStorage;
  return parseTokenTiming(storage?.getItem(DEBUG_TOKEN_TIME_KEY));
}
