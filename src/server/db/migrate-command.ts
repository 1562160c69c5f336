import type { Config } from '../config.js';
import { loadSchemas } from '../schema/load-schemas.js';
import { openDatabase } from './database.js';
import { applyMigration, DataLossRefused, formatPlan, planMigration } from './migration.js';

export const MIGRATE_USAGE = 'usage: npm run db:migrate -- [--plan | --apply [--confirm-data-loss]]';

/**
 * `npm run db:migrate`: prints the plan (the SQL first), and with --apply runs it in one
 * transaction. Answers the exit code: 0 done, 1 bad arguments or a failed statement,
 * 2 refused because data would be lost.
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
  try {
    print(`Database: ${database.kind}${config.databaseUrl ? '' : ` (${config.dataDir})`}; schemas: ${config.schemasDir}`);
    const plan = await planMigration(database.db, models);
    for (const line of formatPlan(plan)) print(line);
    if (!args.includes('--apply')) {
      if (plan.steps.length) print('\nNothing was changed. Apply with: npm run db:migrate -- --apply');
      return 0;
    }
    try {
      // DDL is the tables' owner's; the plan's row counts above ran as the platform (every tenant).
      const count = await applyMigration(database.ownerDb, plan, { confirmDataLoss: args.includes('--confirm-data-loss') });
      print('');
      print(count ? `Applied ${count} statement(s) in one transaction.` : 'Nothing to apply.');
      return 0;
    } catch (error) {
      print('');
      if (error instanceof DataLossRefused) {
        print(`Refused, nothing was changed: ${error.steps.length} step(s) would lose data (listed above).`);
        print('Fix those rows, or apply anyway with: npm run db:migrate -- --apply --confirm-data-loss');
        return 2;
      }
      print(`Failed, nothing was changed (the transaction was rolled back): ${(error as Error).message}`);
      return 1;
    }
  } finally {
    await database.close();
  }
}
