import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/* initdb and pg_ctl refuse to run as root: there they run as the `postgres` account. */
const asRoot = userInfo().uid === 0;
const postgresUser = asRoot ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : undefined;
const postgresUid = postgresUser?.status === 0 ? Number(postgresUser.stdout.trim()) : undefined;

function run(command: string, args: string[]) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return spawnSync(file, argv, { encoding: 'utf8' });
}

/** Whether a PostgreSQL cluster of a suite's own can be made here (initdb and pg_ctl on PATH; as root, a `postgres` account). */
export const hasPostgresBinaries = run('initdb', ['--version']).status === 0 && run('pg_ctl', ['--version']).status === 0
  && (!asRoot || postgresUid !== undefined);

/** A PostgreSQL server of a suite's own (a new cluster in a temporary folder, on a free port) that it may stop and start again. */
export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** `pg_ctl stop -m fast`: open sessions are ended, as a service restart does. */
  stop(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

export async function throwawayPostgres(): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'atrium-pg-'));
  if (postgresUid !== undefined) chownSync(folder, postgresUid, postgresUid);
  const data = join(folder, 'data');
  const check = (result: ReturnType<typeof run>, what: string) => {
    if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
  };
  check(run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']), 'initdb');
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pg: ThrowawayPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => check(run('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']), 'pg_ctl start'),
    stop: () => check(run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop'),
    destroy: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(folder, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
