// npm run seed:demo -- [--rows 1000000] [--tenant 000000]
// Loads the demo business into a tenant: with --rows, a size whose wage + expense rows
// reach that count (80 % wages, 20 % expenses); without it, the small SEED_DEMO set.
// Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in DATA_DIR.
// The tenant must have no item yet (item codes are unique); use a fresh database.
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { SMALL_DEMO, demoSizeFor, seedDemoBusiness } from '../src/server/seed/demo-business.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rows = option('rows') === undefined ? undefined : Number(option('rows'));
const tenantId = option('tenant') ?? '000000';
if (rows !== undefined && (!Number.isInteger(rows) || rows < 100)) {
  console.error('--rows must be a whole number of at least 100');
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SEED_REGIONS: process.env.SEED_REGIONS ?? 'false' });
const { app, services } = await buildApp(config);
const db = services.system.repo.db;
try {
  const existing = await db.selectFrom('manage_item').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) {
    console.error(`tenant ${tenantId} has business data already; load into a fresh database`);
    process.exitCode = 1;
  } else {
    const size = rows === undefined ? SMALL_DEMO : demoSizeFor(rows);
    const started = Date.now();
    const written = await db.transaction().execute((trx) => seedDemoBusiness(trx, { tenantId, size }));
    const loadedMs = Date.now() - started;
    for (const table of ['manage_wage', 'manage_expense', 'manage_income', 'manage_worker', 'manage_item']) await sql`analyze ${sql.table(table)}`.execute(db);
    console.log(`tenant ${tenantId}: ${written.wages} wage rows, ${written.expenses} expense rows (${size.workers} workers, ${size.items} items) in ${(loadedMs / 1000).toFixed(1)} s on ${services.system.database.kind}`);
  }
} finally {
  await app.close();
}
