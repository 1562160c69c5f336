import type { Config } from '../config.js';
import { tenantDatabaseSpecs } from './tenant-database-specs.js';
import { loadSchemas } from '../schema/load-schemas.js';
import type { Db } from './database.js';
import { openDatabase } from './database.js';
import { openExternal } from './external/index.js';
import { applyMigration, DataLossRefused, formatPlan, planMigration, type MigrationPlan } from './migration.js';
import { TenantTables } from './tenant-tables.js';

export const MIGRATE_USAGE = 'usage: npm run db:migrate -- [--plan | --apply [--confirm-data-loss]]';

/** A database the command migrates: the platform's, or a data source holding tenants of their own. */
interface Target {
  title: string;
  /** Where the DDL runs (the tables' owner). */
  owner: Db;
  plan: MigrationPlan;
}

/**
 * `npm run db:migrate`: prints the plan (the SQL first) of the platform's database and of
 * every database a tenant was placed in (its tenant tables only), and with --apply runs each
 * database's plan in one transaction, the platform's first. Nothing is applied anywhere when
 * a step of any of them would lose data unconfirmed. Answers the exit code: 0 done, 1 bad
 * arguments or a failed statement, 2 refused because data would be lost.
 */
export async function runMigrate(args: string[], config: Readonly<Config>, print: (line: string) => void): Promise<number> {
  const known = ['--plan', '--apply', '--confirm-data-loss'];
  const unknown = args.filter((a) => !known.includes(a));
  if (unknown.length || (args.includes('--plan') && args.includes('--apply')) || (args.includes('--confirm-data-loss') && !args.includes('--apply'))) {
    print(MIGRATE_USAGE);
    return 1;
  }
  // The same schemas the server serves: the install's, then those generated at run time.
  const models = loadSchemas(config.schemasDir, [config.runtimeSchemasDir]);
  const database = await openDatabase(config);
  const closers: (() => Promise<void>)[] = [];
  try {
    print(`Database: ${database.kind}${config.databaseUrl ? '' : ` (${config.dataDir})`}; schemas: ${config.schemasDir}`);
    // The plan's row counts run as the platform (every tenant); DDL is the tables' owner's.
    const targets: Target[] = [{ title: '', owner: database.ownerDb, plan: await planMigration(database.db, models) }];
    if (database.kind === 'postgres') {
      const tables = new TenantTables();
      tables.setModels(models);
      const tenantModels = tables.modelsIn(models);
      for (const source of await tenantDatabaseSpecs(database.ownerDb, config)) {
        const title = `Tenant database ${source.name} (data source ${source.datasourceId}; tenant${source.tenants.length > 1 ? 's' : ''} ${source.tenants.join(', ')}):`;
        const external = await openExternal(source.spec, { max: 2, timeoutMs: config.databaseConnectTimeoutMs });
        closers.push(() => external.close());
        targets.push({ title, owner: external.db, plan: await planMigration(external.db, tenantModels) });
      }
    }
    for (const target of targets) {
      if (target.title) print(`\n${target.title}`);
      for (const line of formatPlan(target.plan)) print(line);
    }
    if (!args.includes('--apply')) {
      if (targets.some((t) => t.plan.steps.length)) print('\nNothing was changed. Apply with: npm run db:migrate -- --apply');
      return 0;
    }
    const lossy = targets.flatMap((t) => t.plan.lossy);
    if (lossy.length && !args.includes('--confirm-data-loss')) {
      print('');
      print(`Refused, nothing was changed: ${lossy.length} step(s) would lose data (listed above).`);
      print('Fix those rows, or apply anyway with: npm run db:migrate -- --apply --confirm-data-loss');
      return 2;
    }
    print('');
    let applied = 0;
    for (const target of targets) {
      const where = target.title ? target.title.replace(/:$/, '') : "the platform's database";
      try {
        const count = await applyMigration(target.owner, target.plan, { confirmDataLoss: true });
        applied += count;
        if (count) print(`${target.title ? `${where}: applied` : 'Applied'} ${count} statement(s) in one transaction.`);
      } catch (error) {
        const message = error instanceof DataLossRefused ? error.message : (error as Error).message;
        print(`Failed in ${where}, nothing was changed there (the transaction was rolled back): ${message}`);
        if (targets.indexOf(target) > 0) print('The databases listed before it were migrated; run the command again once fixed.');
        return 1;
      }
    }
    if (!applied) print('Nothing to apply.');
    return 0;
  } finally {
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await database.close();
  }
}
