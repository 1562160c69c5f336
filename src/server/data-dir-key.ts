import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret kept in `<dataDir>/<name>` (mode 600), generated on first use. Processes that
 * share the folder and start together agree on one: the new key is written whole to a file
 * of this process's own, then hard-linked to the name, which fails for all but the first.
 * Where the folder's file system has no hard links, the name is created exclusively instead.
 */
export function dataDirKey(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  const existing = readKey(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  // Random, not the pid alone: containers sharing a volume often all run as pid 1.
  const own = `${file}.${randomBytes(6).toString('hex')}.new`;
  writeFileSync(own, key, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(own, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') createExclusively(file, key);
    else if (code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(own);
  }
  return readKey(file)!;
}

function createExclusively(file: string, key: string): void {
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** The key in `file`; undefined when there is none. An empty file is refused: it would be an empty secret. */
function readKey(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!text) throw new Error(`${file} is empty: restore it from a backup, or remove it to have a new one generated (what was signed or sealed with the old one is then invalid)`);
  return text;
}
