import type { EntityModel } from '../shared/schema/entity-model.js';
import type { Config } from './config.js';
import type { DriftItem } from './db/drift.js';
import type { DatasourcePools } from './db/datasource-pools.js';
import type { TenantDatabases } from './db/tenant-databases.js';
import type { AccessPolicy } from './engine/access-policy.js';
import type { WorkbookEndpoints } from './engine/workbook-endpoints.js';
import type { ActionService } from './engine/action-service.js';
import type { Authenticator } from './http/authenticate.js';
import type { ListStats } from './engine/list-reader/list-stats.js';
import type { DerivedValues } from './engine/generation-cache.js';
import type { ModelRegistry } from './engine/model-registry.js';
import type { HookRegistry } from './engine/resource-hooks.js';
import type { ResourceService } from './engine/resource-service.js';
import { PLATFORM_TENANT, type RequestContext } from './engine/request-context.js';
import type { SystemAccess } from './engine/system-access.js';
import type { SharedStore } from './store/shared-store.js';

/** What hand-written modules get from buildApp. */
export interface AppServices {
  config: Readonly<Config>;
  /** The models served now (read at call time: a model installed at run time is in it). */
  readonly models: EntityModel[];
  /** The model of `<module>/<name>`; throws when absent (a programming error). */
  model(key: string): EntityModel;
  /** The live model registry: `install(model)` serves a new or changed model at once. */
  registry: ModelRegistry;
  /** Differences between the schema files and their tables found at start (npm run db:migrate fixes them). */
  drift: DriftItem[];
  /** Pools of the data sources `x-datasource` entities live in; the data source module sets their opener. */
  datasources: DatasourcePools;
  /** Tenants placed in databases of their own: bindings, pools, tables (PostgreSQL; issue 16). */
  tenantDatabases: TenantDatabases;
  store: SharedStore;
  /** The platform acting on its own: no access policy, no data scope (see system-access.ts). */
  system: SystemAccess;
  /** The engine's access-checked operations; `resources.rowsOf(ctx)` for module code acting for a caller. */
  resources: ResourceService;
  /** Verifies access tokens (implemented by the auth module, injected by buildApp). */
  authenticator: Authenticator;
  /** Hit and miss figures of the list caches (totals, deep-page anchors, kept rows), live: the metrics read them. */
  listStats: ListStats;
  /**
   * Tells the list reader that SQL of the module's own (not the engine's writes) changed
   * `table`: every kept total, page and row over it is read anew.
   */
  tableWritten(table: string): Promise<void>;
  /** Whole-table derived values, dropped when one of their tables is written. */
  derived: DerivedValues;
  /** Lifecycle hooks modules attach to entities. */
  hooks: HookRegistry;
  /** Hooks of `x-actions` entries that run module code (`run: {kind: "hook"}`). */
  actions: ActionService;
  /** Replaces the engine's access policy (open until the authority module sets one). */
  setPolicy(policy: AccessPolicy): void;
  /** Installs what the engine's workbook endpoints (export, export-template) call: the job module's writer. */
  setWorkbooks(workbooks: WorkbookEndpoints): void;
  /**
   * Database work a module does once a start, before the server serves: its own tables, its
   * seed rows. buildApp runs them in order after the seed, under the start lock, so
   * processes started together take turns (db/start-lock.ts).
   */
  readonly startTasks: (() => Promise<void>)[];
}

/** Context of the platform itself (seed, sign-in lookups) in a given tenant. */
export function systemContext(tenantId = PLATFORM_TENANT): RequestContext {
  return { tenantId, userId: '0', deptId: '0', lang: 'zh', isSystem: true };
}
