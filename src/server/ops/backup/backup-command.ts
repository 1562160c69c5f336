import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.js';
import { pgliteHolder } from '../../db/pglite-lock.js';
import { copiedParts, type CopiedPart } from './backup-parts.js';
import { dumpPostgres, otherSessions, restorePostgres } from './postgres-dump.js';

export const BACKUP_USAGE = 'usage: npm run backup -- --out <new folder>  |  npm run restore -- --from <backup folder>';
const FORMAT = 'atrium-backup/1';
const DUMP = 'postgres.dump';

interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The copied parts the install had at backup time; a part not listed did not exist. */
  parts: string[];
}

/** Refused before anything was changed (exit code 2). */
class Refused extends Error {}

const isInside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
};

function refuseWhileEmbeddedOpen(config: Readonly<Config>): void {
  if (config.databaseUrl) return;
  const pid = pgliteHolder(config.dataDir);
  if (pid !== undefined) throw new Refused(`a server (process ${pid}) has the embedded database in ${config.dataDir} open: stop it first (the folder is copied only while no process writes it)`);
}

function backup(config: Readonly<Config>, out: string, print: (line: string) => void): void {
  refuseWhileEmbeddedOpen(config);
  const parts = copiedParts(config);
  const inside = parts.find((part) => isInside(out, part.path));
  if (inside) throw new Refused(`${out} is inside ${inside.path}, which the backup copies: choose a folder outside it`);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Refused(`${out} is not empty: name a new folder`);
  mkdirSync(out, { recursive: true });
  if (config.databaseUrl) {
    dumpPostgres(config.databaseUrl, join(out, DUMP));
    print(`database: pg_dump --format=custom → ${DUMP}`);
  }
  const present = parts.filter((part) => existsSync(part.path));
  for (const part of present) {
    cpSync(part.path, join(out, part.name), { recursive: true });
    print(`${part.name}: ${part.path}`);
  }
  const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: config.databaseUrl ? 'postgres' : 'pglite', parts: present.map((p) => p.name) };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  print(`Backup written to ${out}.`);
}

function readManifest(from: string): Manifest {
  const path = join(from, 'manifest.json');
  if (!existsSync(path)) throw new Refused(`${from} holds no manifest.json: not a backup of this command`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Refused(`${from} is a backup of format ${String(manifest.format)}, this command reads ${FORMAT}`);
  return manifest;
}

/** The current copy of a part is moved aside (kept), then the backup's copy put in its place. */
function putBack(part: CopiedPart, from: string, manifest: Manifest, stamp: string, print: (line: string) => void): void {
  if (existsSync(part.path)) {
    renameSync(part.path, `${part.path}.before-restore-${stamp}`);
    print(`${part.name}: the current one kept as ${part.path}.before-restore-${stamp}`);
  }
  if (manifest.parts.includes(part.name)) cpSync(join(from, part.name), part.path, { recursive: true });
}

async function restore(config: Readonly<Config>, from: string, print: (line: string) => void): Promise<void> {
  const manifest = readManifest(from);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) throw new Refused(`${from} holds a ${manifest.database} database and this install runs on ${kind}: restore it where DATABASE_URL is ${manifest.database === 'postgres' ? 'set' : 'unset'}`);
  refuseWhileEmbeddedOpen(config);
  if (config.databaseUrl) {
    const others = await otherSessions(config.databaseUrl);
    if (others > 0) throw new Refused(`${others} other session(s) use the database: stop the servers first`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  if (config.databaseUrl) {
    restorePostgres(config.databaseUrl, join(from, DUMP));
    print(`database: pg_restore --clean from ${DUMP}`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const part of copiedParts(config)) putBack(part, from, manifest, stamp, print);
  print(`Restored the backup of ${manifest.createdAt}; start the server.`);
}

/**
 * `npm run backup -- --out <dir>` and `npm run restore -- --from <dir>`. Answers the exit
 * code: 0 done, 1 bad arguments or a failure, 2 refused (a server has the embedded database
 * open, the folder is not empty, the backup is of the other database kind…), nothing changed.
 */
export async function runBackupCommand(command: 'backup' | 'restore', args: string[], config: Readonly<Config>, print: (line: string) => void): Promise<number> {
  let folder: string | undefined;
  try {
    const { values } = parseArgs({ args, options: { out: { type: 'string' }, from: { type: 'string' } }, strict: true });
    folder = command === 'backup' ? values.out : values.from;
    if (!folder || (command === 'backup' ? values.from : values.out)) throw new Error();
  } catch {
    print(BACKUP_USAGE);
    return 1;
  }
  try {
    if (command === 'backup') backup(config, resolve(folder), print);
    else await restore(config, resolve(folder), print);
    return 0;
  } catch (error) {
    print(`${error instanceof Refused ? 'Refused, nothing was changed' : 'Failed'}: ${(error as Error).message}`);
    return error instanceof Refused ? 2 : 1;
  }
}
