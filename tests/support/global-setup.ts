import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { tmpdirInMemory } from './memory-tmpdir.js';
import { newRunName, RUN_DIR_ENV, RUN_ENV, runStartedAt, TEMPLATE_PREFIX } from './seeded-templates.js';

const DAY_MS = 24 * 3600_000;

/**
 * Names the test run for its seeded templates (tests/support/seeded-templates.ts): a folder
 * for the PGlite ones, a name in the PostgreSQL ones'; both are removed at the end. Runs once
 * per run, whichever project of the config asks first.
 */
export default async function setup() {
  // The overload guard answers 503 once the event loop lags past its limit (1 s by default on
  // PostgreSQL). A loaded CI machine lags that much now and then, which failed unrelated tests;
  // test apps and server processes inherit this, and the overload tests set their own limits.
  process.env.OVERLOAD_EVENT_LOOP_DELAY_MS ??= '0';
  if (process.env[RUN_ENV]) return undefined;
  const leaveMemory = tmpdirInMemory();
  const run = newRunName();
  const dir = mkdtempSync(join(tmpdir(), 'atrium-templates-'));
  process.env[RUN_ENV] = run;
  process.env[RUN_DIR_ENV] = dir;
  if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, (other) => Date.now() - runStartedAt(other) > DAY_MS);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, (other) => other === run);
    leaveMemory?.();
  };
}

/** Drops the template databases of the runs `which` names: this one at its end, and any a run that died left a day ago or more. */
async function dropTemplates(url: string, which: (run: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) {
      const run = datname.slice(TEMPLATE_PREFIX.length).split('_')[0];
      if (which(run)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
