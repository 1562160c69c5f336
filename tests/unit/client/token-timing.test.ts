import { describe, expect, it } from 'vitest';
import { parseTokenTiming } from '../../../src/client/session/token-timing';

describe('token refresh timing override (saber-debug-token-time)', () => {
  it('uses the site config (3000 s, every 10 s) when the key is absent', () => {
    expect(parseTokenTiming(null)).toEqual({ tokenTimeSeconds: 3000, checkIntervalMs: 10_000 });
  });

  it('takes the token time and check interval from a JSON object, each optional', () => {
    expect(parseTokenTiming('{"tokenTime":2,"intervalMs":500}')).toEqual({ tokenTimeSeconds: 2, checkIntervalMs: 500 });
    expect(parseTokenTiming('{"tokenTime":5}')).toEqual({ tokenTimeSeconds: 5, checkIntervalMs: 10_000 });
  });

  it('takes a bare number as the token time in seconds', () => {
    expect(parseTokenTiming('7')).toEqual({ tokenTimeSeconds: 7, checkIntervalMs: 10_000 });
  });

  it('ignores text that is not JSON and values that are not positive numbers', () => {
    expect(parseTokenTiming('soon')).toEqual({ tokenTimeSeconds: 3000, checkIntervalMs: 10_000 });
    expect(parseTokenTiming('{"tokenTime":-1,"intervalMs":"fast"}')).toEqual({ tokenTimeSeconds: 3000, checkIntervalMs: 10_000 });
  });
});
