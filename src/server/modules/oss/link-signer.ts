import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of local-disk links, so an `<img src>` works without the Blade-Auth header.
 * A link names one object of one tenant and never expires (avatars are kept in user
 * rows); its key is derived from the server's token key, so it survives restarts and
 * is the same on every node.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(serverKey: Uint8Array) {
    this.key = createHmac('sha256', serverKey).update('atrium/oss/local-link').digest();
  }

  sign(tenantId: string, name: string): string {
    return createHmac('sha256', this.key).update(`${tenantId}/${name}`).digest('base64url');
  }

  verify(tenantId: string, name: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(tenantId, name));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
