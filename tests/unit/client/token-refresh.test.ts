import { describe, expect, it } from 'vitest';
import { isTokenDue } from '../../../src/client/session/token-refresh';

describe('token refresh timing', () => {
  it('is due once the stored token is token-time seconds old', () => {
    const savedAt = 1_000_000;
    expect(isTokenDue(savedAt, savedAt + 2_999_999, 3000)).toBe(false);
    expect(isTokenDue(savedAt, savedAt + 3_000_000, 3000)).toBe(true);
    expect(isTokenDue(savedAt, savedAt + 9_000_000, 3000)).toBe(true);
  });
});
