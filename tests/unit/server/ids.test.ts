import { describe, expect, it } from 'vitest';
import { IdGenerator } from '../../../src/server/db/ids.js';

describe('IdGenerator', () => {
  it('makes unique, increasing 64-bit decimal ids, even many in one millisecond', () => {
    const ids = new IdGenerator(7);
    const made = Array.from({ length: 20000 }, () => ids.next());
    expect(new Set(made).size).toBe(made.length);
    for (let i = 1; i < made.length; i++) expect(BigInt(made[i]) > BigInt(made[i - 1])).toBe(true);
    expect(BigInt(made[0]) < 2n ** 63n).toBe(true);
    expect(made[0]).toMatch(/^\d{15,19}$/);
  });

  it('keeps two workers apart', () => {
    const a = new IdGenerator(1).next();
    const b = new IdGenerator(2).next();
    expect(a).not.toBe(b);
  });
});
