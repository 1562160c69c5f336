import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { dataDirKey } from '../data-dir-key.js';

const PREFIX = 'aesgcm:';

/**
 * AES-256-GCM for secrets the server must use again (data source passwords): stored as
 * `aesgcm:<iv>.<tag>.<ciphertext>` (base64url), the key derived from DATASOURCE_KEY, else
 * from a key generated once into the data directory (mode 600), like the JWT key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  static load(opts: { datasourceKey?: string; dataDir: string }): SecretBox {
    return new SecretBox(opts.datasourceKey || dataDirKey(opts.dataDir, 'datasource.key'));
  }

  static isSealed(value: unknown): boolean {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')}`;
  }

  /** The plain text; throws when the value was sealed with another key or changed. */
  open(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) return sealed;
    const [iv, tag, data] = sealed.slice(PREFIX.length).split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
