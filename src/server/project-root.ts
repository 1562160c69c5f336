import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the project's package.json, found by walking up from this module:
 * the same answer whether the server runs from src/ (tsx, tests) or from the bundle
 * `npm start` builds in dist/server/.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** Files the server derives and keeps between starts (the empty embedded cluster, the schema check's mark). */
export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'atrium');
