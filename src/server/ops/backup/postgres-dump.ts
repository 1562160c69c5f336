import { spawnSync } from 'node:child_process';
import pg from 'pg';

/** The connection as libpq's variables, so no password shows in the process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const sslmode = u.searchParams.get('sslmode');
  return {
    ...process.env,
    PGHOST: u.hostname || '127.0.0.1',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...(u.username ? { PGUSER: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  };
}

/** A PostgreSQL client tool (pg_dump, pg_restore) run to its end; throws with its own words when it fails or is missing. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): void {
  const run = spawnSync(tool, args, { env: libpqEnv(url), encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${tool} was not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client), or run the command this one would on a machine that has them (see README, Operate it)`);
  }
  if (run.status !== 0) throw new Error(`${tool} failed: ${(run.stderr || run.error?.message || '').trim()}`);
}

/** `pg_dump --format=custom`: a consistent snapshot while the servers keep running. */
export function dumpPostgres(url: string, file: string): void {
  runTool('pg_dump', ['--format=custom', '--no-owner', '--file', file], url);
}

/** `pg_restore --clean --if-exists` in one transaction: the dump's tables replace the database's, or nothing changes. */
export function restorePostgres(url: string, file: string): void {
  runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', libpqEnv(url).PGDATABASE!, file], url);
}

/** Other sessions on the database (a server still running on it), waiting up to `graceMs` for closing ones to go. */
export async function otherSessions(url: string, graceMs = 3000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    for (;;) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      if (rows[0].n === 0 || Date.now() - started > graceMs) return rows[0].n;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}
