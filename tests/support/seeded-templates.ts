import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';

/**
 * A seeded database made once per test run and per seed — the schema files and the start
 * options that decide what a first start writes — and copied for every test app that starts
 * with that seed, instead of each app creating its tables and seeding them again: on PGlite a
 * data folder copied, on PostgreSQL `CREATE DATABASE … TEMPLATE`. A copy is what the first start
 * left, so the app's own start on it finds its tables and seed in place, as any later start does.
 *
 * The run's global setup (tests/support/global-setup.ts) names the run; without it (another
 * config) there are no templates and every app seeds its own database, as before.
 */
export type Seed = Pick<Config, 'schemasDir' | 'seedRegions' | 'seedDemo' | 'demoAccounts' | 'adminPassword' | 'rowSecurity'>;

/** The run's name and its folder of PGlite templates, set by the global setup. */
export const RUN_ENV = 'ATRIUM_TEST_RUN';
export const RUN_DIR_ENV = 'ATRIUM_TEST_RUN_DIR';
/** PostgreSQL templates are named `atrium_tpl_<run>_<seed key>`: the run's own are dropped at its end. */
export const TEMPLATE_PREFIX = 'atrium_tpl_';

/**
 * The seed of an app's configuration, or undefined when its first start cannot be shared:
 * a data folder, database or schema folder of the test's own.
 */
export function seedOf(config: Readonly<Config>, overrides: Partial<Config>): Seed | undefined {
  if (!process.env[RUN_ENV] || overrides.dataDir || overrides.databaseUrl || overrides.schemasDir || overrides.runtimeSchemasDir) return undefined;
  if (!config.runtimeSchemasDir.startsWith(config.dataDir)) return undefined;
  const { schemasDir, seedRegions, seedDemo, demoAccounts, adminPassword, rowSecurity } = config;
  return { schemasDir, seedRegions, seedDemo, demoAccounts, adminPassword, rowSecurity };
}

/** Every file of the schema folder (names and contents) and the seed's options. */
function seedKey(seed: Seed, kind: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256').update(JSON.stringify({ kind, ...seed }));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`\0${path}\0`).update(readFileSync(path));
    }
  };
  walk(seed.schemasDir);
  return hash.digest('hex').slice(0, 16);
}

/** What a first start is told: the seed, a data folder and a database; no Redis (a template is only its database). */
function firstStartConfig(seed: Seed, dataDir: string, databaseUrl: string): Readonly<Config> {
  return loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: '', LOG_LEVEL: 'silent' },
    { ...seed, jwtSecret: 'template-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
}

async function firstStart(config: Readonly<Config>): Promise<void> {
  const { app } = await buildApp(config);
  await app.ready();
  await app.close();
}

/**
 * The data folder of the seed's first start on PGlite, made by the first worker that asks
 * (the others wait for it: a folder made beside the template is renamed into place, and a
 * lock folder says one is being made).
 */
export async function pgliteTemplate(seed: Seed): Promise<string | undefined> {
  const runDir = process.env[RUN_DIR_ENV];
  if (!runDir || !existsSync(runDir)) return undefined;
  const template = join(runDir, `pglite-${seedKey(seed, 'pglite')}`);
  const lock = `${template}.lock`;
  for (const end = Date.now() + 300_000; Date.now() < end;) {
    if (existsSync(template)) return template;
    if (tryLock(lock)) {
      try {
        if (existsSync(template)) return template;
        const scratch = mkdtempSync(join(runDir, 'making-'));
        await firstStart(firstStartConfig(seed, scratch, ''));
        renameSync(scratch, template);
        return template;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the seeded template ${template} was not made within 5 minutes (lock ${lock})`);
}

function tryLock(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A copy of the seed's template into `dataDir` (absent or empty); false when there is no template. */
export async function copyPgliteTemplate(seed: Seed, dataDir: string): Promise<boolean> {
  const template = await pgliteTemplate(seed);
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/**
 * The name of the seed's template database on the server of `baseUrl`, made by the first
 * worker that asks, under an advisory lock the others wait on.
 */
export async function postgresTemplate(seed: Seed, baseUrl: string): Promise<string | undefined> {
  const run = process.env[RUN_ENV];
  if (!run) return undefined;
  const name = `${TEMPLATE_PREFIX}${run}_${seedKey(seed, 'postgres')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (made.rowCount === 0) {
      const dataDir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
      const making = `${name}_m`;
      try {
        await admin.query(`drop database if exists ${making} with (force)`);
        await admin.query(`create database ${making}`);
        const url = new URL(baseUrl);
        url.pathname = `/${making}`;
        await firstStart(firstStartConfig(seed, dataDir, url.toString()));
        // Renamed once whole: a template that exists is a finished one.
        await admin.query(`alter database ${making} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${making} with (force)`).catch(() => {});
        throw error;
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** A run's name: its start time (templates of runs that died are dropped by a later one) and a few random letters. */
export function newRunName(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The start time in a run's name (see newRunName). */
export function runStartedAt(run: string): number {
  return parseInt(run.slice(0, -6), 36);
}
