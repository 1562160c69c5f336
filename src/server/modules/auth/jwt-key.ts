import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** JWT_SECRET, else a key generated once and kept (mode 600) in the data directory. */
export function loadJwtKey(opts: { jwtSecret?: string; dataDir: string }): Uint8Array {
  if (opts.jwtSecret) return new TextEncoder().encode(opts.jwtSecret);
  const file = join(opts.dataDir, 'jwt.key');
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
