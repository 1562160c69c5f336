/**
 * What the database-per-tenant tests (PostgreSQL) set up alike: the platform's database and
 * the one a tenant moves to, a data folder, the apps' configuration over them, and sign-in,
 * reading and waiting helpers for apps built from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC } from './test-app.js';
import { createTestDatabase } from './test-database.js';

export const JWT_SECRET = 'test-secret-of-at-least-thirty-two-chars';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export interface MainAndOwn {
  dataDir: string;
  main: TestDatabase;
  own: TestDatabase;
  /** An app's configuration on the platform's database, with `env` over the tests' defaults. */
  config(env?: Record<string, string>): Config;
  /** `count` apps built on `config(env)`, each ready before the next is built; `drop` closes them. */
  buildApps(count: number, env?: Record<string, string>): Promise<BuiltApp[]>;
  /** Closes the apps of `buildApps` (in the order built), then drops both databases and the data folder. */
  drop(): Promise<void>;
}

export async function mainAndOwnDatabases(prefix: string): Promise<MainAndOwn> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const main = await createTestDatabase(process.env.DATABASE_URL!);
  const own = await createTestDatabase(process.env.DATABASE_URL!);
  const built: BuiltApp[] = [];
  const config = (env: Record<string, string> = {}) => loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: main.url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', ...env },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: JWT_SECRET, clientDir: resolve('dist/none') });
  return {
    dataDir, main, own, config,
    buildApps: async (count, env) => {
      const apps: BuiltApp[] = [];
      for (let i = 0; i < count; i += 1) {
        const app = await buildApp(config(env));
        built.push(app);
        await app.app.ready();
        apps.push(app);
      }
      return apps;
    },
    drop: async () => {
      for (const app of built) await app.app.close();
      await main.drop();
      await own.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The headers of the tenant's administrator signed in on `app`. */
export async function signInOn(app: BuiltApp, tenantId: string, password: string): Promise<Record<string, string>> {
  const res = await app.app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': tenantId },
    query: { tenantId, username: 'admin', password: md5Hex(password), grant_type: 'password', scope: 'all' } });
  const body = JSON.parse(res.body);
  if (!body.access_token) throw new Error(`login of ${tenantId} failed: ${res.body}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

/** Rows of one statement on the database at `url`, on a connection of its own. */
export async function rowsAt(url: string, text: string, params: unknown[] = []): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function until(what: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !(await what());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
