import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

const SHM = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/** Room a run needs: a few seeded templates and each worker's live data folders (≈ 50 MB an app). */
const NEEDED_BYTES = 2 * 1024 ** 3;

/**
 * Test apps live in data folders of their own: an embedded PostgreSQL cluster of ≈ 1,000 files
 * copied from a template at each start and removed at each close. On the disk most of that is
 * waiting for the journal (removing one such folder: 0.45 s of wall, 0.03 s of CPU), about a
 * second a test app; in memory it is ≈ 0.2 s. So a run keeps its temporary files in a folder on
 * tmpfs (/dev/shm) when the machine has one with room, and removes the folder at its end;
 * workers and server processes inherit it as TMPDIR. An explicit TMPDIR is left alone, and a
 * machine without such a tmpfs (or with a small one, as in a default container) keeps the disk.
 * Answers the teardown, or undefined when nothing changed.
 */
export function tmpdirInMemory(): (() => void) | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    const fs = statfsSync(SHM);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < NEEDED_BYTES) return undefined;
  } catch {
    return undefined;
  }
  const root = mkdtempSync(join(SHM, 'atrium-test-run-'));
  // As /tmp: other users reach their own folders in it (the fault drills' PostgreSQL runs as postgres).
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env.TMPDIR;
  };
}
