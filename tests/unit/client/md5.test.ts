import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../../src/client/session/md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite and the admin password hash', () => {
    const vectors: Record<string, string> = {
      '': 'd41d8cd98f00b204e9800998ecf8427e',
      a: '0cc175b9c0f1b6a831c399e269772661',
      abc: '900150983cd24fb0d6963f7d28e17f72',
      'message digest': 'f96b697d7cb7938d525a2f31aaf161d0',
      abcdefghijklmnopqrstuvwxyz: 'c3fcd3d76192e4007dfb496cca67e13b',
      ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789: 'd174ab98d277d9f5a5611c2c9f419d9f',
      ['1234567890'.repeat(8)]: '57edf4a22be3c955ac49da2e2107b67a',
      admin: '21232f297a57a5a743894a0e4a801fc3',
    };
    for (const [input, hex] of Object.entries(vectors)) expect(md5(input)).toBe(hex);
  });

  it('hashes UTF-8 bytes and every padding length like node:crypto', () => {
    const inputs = ['密码123', 'é', '🙂', ...Array.from({ length: 130 }, (_, n) => 'x'.repeat(n))];
    for (const input of inputs) expect(md5(input)).toBe(createHash('md5').update(input, 'utf8').digest('hex'));
  });
});
