import type { EntityModel } from '../../shared/schema/entity-model.js';

/**
 * A table whose rows a tenant placed in a database of its own keeps there, and how a move
 * finds them: by its `tenant_id`, or not at all (summaries the database derives by trigger
 * from another table of the tenant, rebuilt as that table's rows are copied).
 */
export type TenantTable =
  | { table: string; rows: 'tenant' }
  | { table: string; rows: 'derived' };

/**
 * Tables with a tenant column that stay in the platform's database for every tenant:
 * operational records written in batches across tenants (logs, the job queue), read by
 * the platform as much as by the tenant.
 */
const OPERATIONAL = new Set(['blade_log_api', 'blade_log_error', 'blade_log_usual']);

const IDENTIFIER = /"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*)/g;
const LITERAL = /'(?:[^']|'')*'/g;

/**
 * Which tables live in a tenant's own database and which in the platform's: the entity
 * models with `x-table.tenancy: "tenant"` (logs excepted), and what modules add for their
 * own tables (workflow runtime, report summaries, the job queue).
 */
export class TenantTables {
  private readonly extra: TenantTable[] = [];
  private readonly platformExtra = new Set<string>();
  private modelTables: TenantTable[] = [];
  private platformModels = new Set<string>();
  private tenantNames = new Set<string>();
  private platformNames = new Set<string>();
  /** Tables named by a statement's text, by text (the same statements come back). */
  private readonly seen = new Map<string, string[]>();

  /** The served models (again after one is installed at run time). */
  setModels(models: EntityModel[]): void {
    const own = models.filter((m) => !m.datasource);
    this.modelTables = own.filter((m) => m.tenancy === 'tenant' && !OPERATIONAL.has(m.table)).map((m) => ({ table: m.table, rows: 'tenant' as const }));
    this.platformModels = new Set(own.map((m) => m.table));
    this.rebuild();
  }

  /** A module's tables kept in the tenant's database. */
  addTenantTables(tables: TenantTable[]): void {
    this.extra.push(...tables);
    this.rebuild();
  }

  /** A module's tables kept in the platform's database (named so a statement mixing them with tenant tables is caught). */
  addPlatformTables(tables: string[]): void {
    for (const t of tables) this.platformExtra.add(t);
    this.rebuild();
  }

  private rebuild(): void {
    this.tenantNames = new Set(this.all().map((t) => t.table));
    this.platformNames = new Set([...this.platformModels, ...this.platformExtra].filter((t) => !this.tenantNames.has(t)));
    this.seen.clear();
  }

  /** Every table of a tenant's own database, the derived summaries last. */
  all(): TenantTable[] {
    const byName = new Map<string, TenantTable>();
    for (const t of [...this.modelTables, ...this.extra]) byName.set(t.table, t);
    const list = [...byName.values()];
    return [...list.filter((t) => t.rows === 'tenant'), ...list.filter((t) => t.rows === 'derived')];
  }

  /** The models whose tables a tenant's own database holds (the platform's own models, tenant-scoped). */
  modelsIn(models: EntityModel[]): EntityModel[] {
    return models.filter((m) => !m.datasource && this.isTenantTable(m.table));
  }

  isTenantTable(table: string): boolean {
    return this.tenantNames.has(table);
  }

  /** The tenant tables and the platform tables a statement names (string literals aside). */
  classify(sqlText: string): { tenant: string[]; platform: string[] } {
    let names = this.seen.get(sqlText);
    if (!names) {
      names = [];
      for (const m of sqlText.replace(LITERAL, "''").matchAll(IDENTIFIER)) names.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
      names = [...new Set(names)];
      if (this.seen.size > 5000) this.seen.clear();
      this.seen.set(sqlText, names);
    }
    return { tenant: names.filter((n) => this.tenantNames.has(n)), platform: names.filter((n) => this.platformNames.has(n)) };
  }
}
