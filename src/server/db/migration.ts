import { sql } from 'kysely';
import { keyFieldOf, type EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { driftText, detectDrift, fitsPredicate, textOf, type DriftItem, type DriftKind } from './drift.js';
import { readColumns } from './drift.js';

/** Rows whose value a step would lose: how many, and the keys of the first ones. */
export interface LostRows {
  count: number;
  keys: string[];
}

export interface MigrationStep {
  item: DriftItem;
  /** File, field and what differs, one line (the SQL is `sql`). */
  description: string;
  sql: string[];
  /** Set on steps that may lose data: the rows that would (empty for a dropped column nobody filled). */
  lost?: LostRows;
}

export interface MigrationPlan {
  steps: MigrationStep[];
  /** Steps refused without --confirm-data-loss: values that would not fit, a dropped column. */
  lossy: MigrationStep[];
}

/** How many keys a plan lists per step. */
const KEYS_SHOWN = 20;

const ORDER: DriftKind[] = ['table-missing', 'column-missing', 'type', 'length', 'nullability', 'index-extra', 'index-missing', 'column-extra'];

async function lostRows(db: Db, model: EntityModel, item: DriftItem): Promise<LostRows | undefined> {
  if (!item.mayLoseData || !item.column) return undefined;
  const column = sql.ref(item.column);
  let loses = sql`${column} is not null`;
  if (item.kind === 'type' || item.kind === 'length') {
    const columns = (await readColumns(db, [item.table])).get(item.table) ?? [];
    const from = columns.find((c) => c.name === item.column)?.type ?? 'text';
    loses = sql`${column} is not null and not (${sql.raw(fitsPredicate(textOf(item.column, from), item.expected!))})`;
  }
  const pk = sql.ref(keyFieldOf(model).column);
  const table = sql.table(item.table);
  const [count, keys] = await Promise.all([
    sql<{ n: string | number }>`select count(*) as n from ${table} where ${loses}`.execute(db),
    sql<{ k: string }>`select ${pk}::text as k from ${table} where ${loses} order by ${pk} limit ${KEYS_SHOWN}`.execute(db),
  ]);
  return { count: Number(count.rows[0]?.n ?? 0), keys: keys.rows.map((r) => r.k) };
}

/** The drift of every schema as ordered steps, with the rows each data-losing step would lose. */
export async function planMigration(db: Db, models: EntityModel[]): Promise<MigrationPlan> {
  const byKey = new Map(models.map((m) => [m.key, m]));
  const items = (await detectDrift(db, models)).sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const steps: MigrationStep[] = [];
  for (const item of items) {
    steps.push({ item, description: driftText(item), sql: item.fix, lost: await lostRows(db, byKey.get(item.model)!, item) });
  }
  // A dropped column always needs the confirmation; a type or length only when a value would not fit.
  const lossy = steps.filter((s) => s.lost && (s.item.kind === 'column-extra' || s.lost.count > 0));
  return { steps, lossy };
}

export class DataLossRefused extends Error {
  constructor(readonly steps: MigrationStep[]) {
    super(`refused: ${steps.length} step(s) would lose data; run again with --confirm-data-loss to apply them`);
  }
}

/** Runs every step in one transaction: all of it or nothing. */
export async function applyMigration(db: Db, plan: MigrationPlan, opts: { confirmDataLoss: boolean }): Promise<number> {
  if (plan.lossy.length && !opts.confirmDataLoss) throw new DataLossRefused(plan.lossy);
  const statements = plan.steps.flatMap((s) => s.sql);
  if (statements.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    // As the platform: under row security the policies are forced on the owner too, and a fill (`update … where … is null`) must reach every tenant's rows.
    await sql`select set_config('app.tenant_id', '*', true)`.execute(trx);
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
  return statements.length;
}

/** The plan as the command prints it: each step, its SQL, the rows it would lose. */
export function formatPlan(plan: MigrationPlan): string[] {
  if (plan.steps.length === 0) return ['Every table matches its schema: nothing to migrate.'];
  const out: string[] = [`${plan.steps.length} difference(s) between the schemas and their tables:`, ''];
  for (const step of plan.steps) {
    out.push(`- ${step.description}`);
    for (const statement of step.sql) out.push(`    ${statement};`);
    if (step.lost && (step.lost.count > 0 || step.item.kind === 'column-extra')) {
      const what = step.item.kind === 'column-extra' ? 'row(s) hold a value in this column' : 'row(s) would not fit';
      const more = step.lost.count > step.lost.keys.length ? ', …' : '';
      out.push(`    DATA LOSS: ${step.lost.count} ${what}${step.lost.keys.length ? ` (keys: ${step.lost.keys.join(', ')}${more})` : ''}`);
    }
  }
  return out;
}
