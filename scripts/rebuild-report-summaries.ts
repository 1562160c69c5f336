// npm run reports:rebuild
// Recomputes the wage summaries the reports read (rpt_wage_*) from the wage rows, installing
// them first if missing. A start does this by itself when they are missing or of another
// version; run it after restoring manage_wage by hand with its triggers disabled.
// Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in DATA_DIR.
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { installWageRollup, rebuildWageRollup } from '../src/server/modules/report/wage-rollup-install.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase(config);
try {
  const started = Date.now();
  if (!(await installWageRollup(database.db))) await rebuildWageRollup(database.db);
  console.log(`wage summaries rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}`);
} finally {
  await database.close();
}
