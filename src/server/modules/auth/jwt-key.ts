import { dataDirKey } from '../../data-dir-key.js';

/** JWT_SECRET, else a key generated once and kept (mode 600) in the data directory. */
export function loadJwtKey(opts: { jwtSecret?: string; dataDir: string }): Uint8Array {
  return new TextEncoder().encode(opts.jwtSecret || dataDirKey(opts.dataDir, 'jwt.key'));
}
