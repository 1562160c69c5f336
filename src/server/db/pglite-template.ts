import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CACHE_DIR, PROJECT_ROOT } from '../project-root.js';

/**
 * A fresh embedded database starts as a copy of an empty cluster kept in a cache folder
 * (`node_modules/.cache/atrium` unless `PGLITE_TEMPLATE_DIR` says otherwise), instead of
 * PGlite running initdb in a second WebAssembly Postgres at every first start. The cluster
 * is made by PGlite itself (initdb, one boot, a clean shutdown: `close()`) in a process of
 * its own, once per PGlite version — a cluster of another version is never copied. A folder
 * that already holds anything is left to PGlite as before.
 */
export const DEFAULT_TEMPLATE_CACHE = CACHE_DIR;

function pgliteVersion(): string {
  const pkg = join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The cached empty cluster for the installed PGlite. */
export function templatePath(cacheDir: string): string {
  return join(cacheDir, `pglite-${pgliteVersion()}`);
}

/**
 * Run in a Node process of its own: the WebAssembly Postgres that makes the cluster (and the
 * one inside PGlite that runs initdb) would otherwise stay in the server's RSS, ≈ 100 MB, until
 * a garbage collection that may not come soon.
 */
const MAKE_CLUSTER = "import { PGlite } from '@electric-sql/pglite'; const pg = new PGlite(process.argv[1]); await pg.waitReady; await pg.close();";

function makeCluster(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', MAKE_CLUSTER, dir], { cwd: PROJECT_ROOT }, (error, _out, stderr) => {
      if (error) reject(new Error(`making the empty cluster failed: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

const unique = () => `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

/** Builds the cached cluster when missing; several processes may race, the first rename wins. */
export async function ensureTemplate(cacheDir: string): Promise<string> {
  const template = templatePath(cacheDir);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  mkdirSync(cacheDir, { recursive: true });
  const scratch = `${template}.tmp-${unique()}`;
  try {
    await makeCluster(scratch);
    try {
      renameSync(scratch, template);
    } catch (error) {
      // Another process put its copy in place first (rename onto a non-empty folder fails).
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return template;
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Puts the cached empty cluster into `pgliteDir` when that folder is absent or empty
 * (copied aside and renamed, so an interrupted copy never looks like a cluster). Any
 * failure (a read-only cache, a full disk) leaves the folder as it was: PGlite then runs
 * initdb itself. Returns whether the template was used.
 */
export async function startFromTemplate(pgliteDir: string, cacheDir: string, warn: (message: string) => void = console.warn): Promise<boolean> {
  if (!isEmptyOrAbsent(pgliteDir)) return false;
  const aside = `${pgliteDir}.tmp-${unique()}`;
  try {
    const template = await ensureTemplate(cacheDir);
    mkdirSync(dirname(pgliteDir), { recursive: true });
    cpSync(template, aside, { recursive: true });
    if (existsSync(pgliteDir)) rmdirSync(pgliteDir); // empty (checked above); fails if no longer
    renameSync(aside, pgliteDir);
    return true;
  } catch (error) {
    warn(`The embedded database is initialised without the cached empty cluster (${(error as Error).message})`);
    rmSync(aside, { recursive: true, force: true });
    return false;
  }
}
