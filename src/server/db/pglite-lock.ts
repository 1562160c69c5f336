import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `DATA_DIR/pglite.lock` names the process that has the embedded database open (written
 * at open, removed at close), so a command that must not run beside a server — restoring
 * or copying the folder — can tell. A lock left by a killed process names a dead pid.
 */
const lockPath = (dataDir: string) => join(dataDir, 'pglite.lock');

export function writePgliteLock(dataDir: string): () => void {
  writeFileSync(lockPath(dataDir), String(process.pid));
  return () => {
    if (pgliteLockPid(dataDir) === process.pid) rmSync(lockPath(dataDir), { force: true });
  };
}

function pgliteLockPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The live process that has this folder's embedded database open, if any. */
export function pgliteHolder(dataDir: string): number | undefined {
  const pid = pgliteLockPid(dataDir);
  if (pid === undefined) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
