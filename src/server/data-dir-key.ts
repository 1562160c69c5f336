import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret kept in `<dataDir>/<name>` (mode 600), generated on first use. Processes that
 * share the folder and start together agree on one: the new key is written whole to a file
 * of this process's own, then hard-linked to the name, which fails for all but the first.
 */
export function dataDirKey(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const own = `${file}.${process.pid}.new`;
  writeFileSync(own, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(own);
  }
  return read()!;
}
