import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppServices } from './app-services.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { underStartLock } from './db/start-lock.js';
import type { Database, Db } from './db/database.js';
import { PgliteMaintenance } from './db/pglite-maintenance.js';
import { sql } from 'kysely';
import { IdGenerator } from './db/ids.js';
import { syncTables } from './db/sync-tables.js';
import { ensureAppRole } from './db/row-security-ddl.js';
import { describeDrift, detectDrift } from './db/drift.js';
import { DatasourcePools } from './db/datasource-pools.js';
import { TenantDatabases } from './db/tenant-databases.js';
import { CountCache } from './engine/list-reader/count-cache.js';
import { PageAnchors } from './engine/list-reader/page-anchors.js';
import { PageKeys } from './engine/list-reader/page-keys.js';
import { KeptRows } from './engine/list-reader/kept-rows.js';
import { ListReader } from './engine/list-reader/list-reader.js';
import type { ReadAheadSource } from './http/read-ahead.js';
import { RowSource } from './engine/row-source.js';
import { GenerationCache } from './engine/generation-cache.js';
import { ViewLabels } from './engine/view-labels.js';
import { OPEN_POLICY, type AccessPolicy } from './engine/access-policy.js';
import { RecordValidator } from './engine/record-validator.js';
import { HookRegistry } from './engine/resource-hooks.js';
import { Repository } from './engine/repository.js';
import { ResourceService } from './engine/resource-service.js';
import { warnActionsWithoutHook } from './engine/action-handlers.js';
import { engineRoutes } from './engine/engine-routes.js';
import type { WorkbookEndpoints } from './engine/workbook-endpoints.js';
import { ModelRegistry } from './engine/model-registry.js';
import { ActionService } from './engine/action-service.js';
import { systemParamReader } from './engine/system-params.js';
import { loadEntityHookFiles } from './engine/entity-hook-files.js';
import { registerAuthentication } from './http/authenticate.js';
import { scopeHandlersToCaller } from './http/caller-tenant-scope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInputGuard } from './http/input-guard.js';
import { mountTwice } from './http/mount-twice.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerSecurityHeaders, withoutUpgradeInsecureRequests } from './http/security-headers.js';
import { registerOperations } from './ops/index.js';
import { attachTokenService, createTokenService } from './modules/auth/token-registry.js';
import { registerAuthority } from './modules/authority/index.js';
import { modules } from './modules/index.js';
import { requestLogSerializers } from './modules/log/request-log-serializers.js';
import { loadSchemas } from './schema/load-schemas.js';
import { seedDemoOnce } from './seed/demo-business.js';
import { runSeed, type SeedResult } from './seed/run-seed.js';
import { openStore } from './store/open-store.js';
import { CACHE_DIR } from './project-root.js';

export interface RouteInfo {
  method: string;
  url: string;
  /** Served without a token. */
  open: boolean;
  /** Who answers it: the engine's routes carry `config.engine` (engine/engine-routes.ts). */
  servedBy: 'engine' | 'hand';
}

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
  seed: SeedResult;
  /** Every route the app serves (the API catalogue; tests walk it), models installed at run time included. */
  readonly routes: RouteInfo[];
}

/** Names this database among all that may share the store (tests, benches): logged writes of others do not move our totals. */
async function databaseIdentity(database: { db: Db; kind: string }, dataDir: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select current_database() || '@' || pg_postmaster_start_time()::text as id`.execute(database.db);
  return database.kind === 'pglite' ? `${rows[0].id}@${dataDir}` : rows[0].id;
}

/** The services modules get, and what only buildApp wires: the values read ahead with each token check. */
async function createServices(config: Readonly<Config>): Promise<{ services: AppServices; readAhead: ReadAheadSource; workbooks: () => WorkbookEndpoints | undefined }> {
  const models = loadSchemas(config.schemasDir, [config.runtimeSchemasDir], { checkCache: CACHE_DIR });
  const byKey = new Map(models.map((m) => [m.key, m]));
  // Tenants in databases of their own (issue 16): PostgreSQL only, routed under `db`.
  const tenantDatabases = new TenantDatabases({ maxConnections: 8, idleMs: 5 * 60_000, connectTimeoutMs: config.databaseConnectTimeoutMs });
  tenantDatabases.setModels(models);
  const database = await openDatabase(config, config.databaseUrl ? tenantDatabases : undefined);
  // PostgreSQL: policies on (or, ROW_SECURITY=off, off) tenant tables; PGlite: none.
  const policies = database.kind === 'postgres' ? database.rowSecurity : undefined;
  if (database.rowSecurity) await ensureAppRole(database.ownerDb).catch(async (error) => { await database.close(); throw error; });
  const catalogue = await syncTables(database.ownerDb, models, console.warn, policies);
  if (database.kind === 'postgres') await tenantDatabases.load(database.ownerDb);
  const drift = await detectDrift(database.ownerDb, models, catalogue);
  const validator = new RecordValidator();
  const registry: ModelRegistry = new ModelRegistry(models, {
    syncTable: async (model) => {
      await syncTables(database.ownerDb, [model], console.warn, policies);
      await tenantDatabases.modelInstalled([...registry.models.filter((m) => m.key !== model.key), model], model);
    },
    compile: (model) => validator.add(model),
  });
  const store = await openStore(config.redisUrl);
  const counts = new CountCache(store, undefined, await databaseIdentity(database, config.dataDir));
  const datasources = new DatasourcePools();
  const source = new RowSource({ db: database.db, drift, external: datasources,
    searchesThroughFunction: database.rowSecurity ? (tenantId) => tenantDatabases.bindingOf(tenantId) === undefined : undefined });
  const repo = new Repository({ source, ids: new IdGenerator(), writes: counts });
  const reader = new ListReader({ source, counts, pageKeys: new PageKeys(counts), pageAnchors: new PageAnchors(counts), keptRows: new KeptRows(counts), kind: database.kind });
  const hooks = new HookRegistry();
  const derived = new GenerationCache(counts);
  // `x-dict` codes name entries of the system dictionary (BladeX blade_dict).
  const dictModel = byKey.get('system/dict');
  const dictionary = dictModel && { model: dictModel, codeField: 'code', keyField: 'dictKey', labelField: 'dictValue' };
  const labels = new ViewLabels({ repo, derived, dictionary });
  let current: AccessPolicy = OPEN_POLICY;
  let workbooks: WorkbookEndpoints | undefined;
  const policy: AccessPolicy = {
    checkAction: (opts) => current.checkAction(opts),
    rowScope: (opts) => current.rowScope(opts),
  };
  const resources = new ResourceService({ repo, reader, validator, policy, hooks, labels, models: () => registry.models });
  const tokens = createTokenService(config, store);
  const services: AppServices = {
    config,
    get models() { return registry.models; },
    model: (key) => registry.model(key),
    registry,
    drift,
    datasources,
    tenantDatabases,
    store,
    system: { repo, database },
    resources,
    authenticator: tokens,
    listStats: reader.stats,
    tableWritten: (table) => reader.tableWritten(table),
    hooks,
    actions: new ActionService({ repo, policy, resources, readParam: systemParamReader(byKey.get('system/param')) }),
    derived,
    setPolicy: (next) => { current = next; },
    setWorkbooks: (next) => { workbooks = next; },
    startTasks: [],
  };
  attachTokenService(services, tokens);
  return { services, readAhead: counts, workbooks: () => workbooks };
}

async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium API', version: '0.1.0', description: 'BladeX-compatible API generated from the entity schemas.' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: withoutUpgradeInsecureRequests });
}

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;

/** The console's files, and its index.html for any other GET no route serves (absent when not built). */
function serveClient(app: FastifyInstance, clientDir: string): ((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return undefined;
  // Built files come compressed from the build (.br/.gz beside each); those under assets/
  // carry a content hash in their name, so a browser may keep them for good. They are served
  // by one route that knows the folder's names from the start: a route per file
  // (`wildcard: false`) cost ≈ 150 ms of every start for the build's ≈ 280 files, and the
  // plugin's wildcard route reads the folder at every request (≈ 1 ms more a file).
  // Files at the top (index.html) go through the fallback below.
  app.register(fastifyStatic, {
    root: clientDir, serve: false, index: false, preCompressed: true,
    setHeaders: (reply, path) => { if (HASHED_ASSET.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable'); },
  });
  const assets = join(clientDir, 'assets');
  const assetNames = new Set(existsSync(assets) ? readdirSync(assets) : []);
  app.get('/assets/:name', (request, reply) => {
    const { name } = request.params as { name: string };
    return assetNames.has(name) ? reply.sendFile(`assets/${name}`) : reply.callNotFound();
  });
  return (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/blade-')) return reply.callNotFound();
    const path = request.url.split('?')[0];
    if (path.includes('.') && existsSync(join(clientDir, path))) return reply.sendFile(path.slice(1));
    return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  };
}

/** The declared routes plus the engine routes of models installed since the start. */
function routeCatalogue(declared: RouteInfo[], registry: ModelRegistry): RouteInfo[] {
  const known = new Set(declared.map((r) => `${r.method} ${r.url}`));
  const installed = registry.routes().flatMap((r) => [`/api${r.path}`, r.path].map((url) => ({ method: r.method, url, open: false, servedBy: 'engine' as const })));
  return [...declared, ...installed.filter((r) => !known.has(`${r.method} ${r.url}`))];
}

/** Start-up report: each difference between a schema file and its table, and the command that fixes it. */
function logDrift(app: FastifyInstance, services: AppServices): void {
  if (services.drift.length === 0) return;
  app.log.warn(`${services.drift.length} difference(s) between schema files and their tables; see them with: npm run db:migrate -- --plan`);
  for (const item of services.drift) app.log.warn({ drift: item }, describeDrift(item));
}

/** A hop count becomes proxy-addr's trust function (Fastify's types take no number). */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The embedded database's analyze and vacuum (PGlite has no autovacuum); a first check right after the start. */
function startEmbeddedMaintenance(app: FastifyInstance, database: Database, intervalMs: number): PgliteMaintenance | undefined {
  if (database.kind !== 'pglite' || intervalMs <= 0) return undefined;
  const maintenance = new PgliteMaintenance(database, intervalMs, (error) => app.log.error({ err: error }, 'embedded database maintenance failed'));
  app.addHook('onReady', () => { void maintenance.run(); });
  return maintenance;
}

/**
 * Route schemas are for the API documentation only: requests are checked by the engine
 * (with messages in the caller's language) and replies are plain JSON. Fastify's own
 * compilers (its copy of ajv, fast-json-stringify) are then never needed, nor loaded.
 */
const ROUTE_SCHEMAS_DOCUMENT_ONLY = {
  buildValidator: () => () => () => true,
  buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The only way to get a server: tests inject into it or listen on a port. Processes started
 * together on one PostgreSQL database build one after another (db/start-lock.ts).
 */
export function buildApp(config: Readonly<Config>): Promise<BuiltApp> {
  return underStartLock(config.databaseUrl, config.databaseConnectTimeoutMs, () => assembleApp(config));
}

async function assembleApp(config: Readonly<Config>): Promise<BuiltApp> {
  const { services, readAhead, workbooks } = await createServices(config);
  const app = Fastify({
    logger: { level: config.logLevel, serializers: requestLogSerializers }, bodyLimit: 10 * 1024 * 1024, trustProxy: fastifyTrustProxy(config.trustProxy),
    schemaController: { compilersFactory: ROUTE_SCHEMAS_DOCUMENT_ONLY },
  });
  scopeHandlersToCaller(app);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.routeUrl) return; // a catch-all: the routes it serves are listed by the registry
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, open: route.config?.open === true, servedBy: route.config?.engine === true ? 'engine' : 'hand' });
  });
  await app.register(formbody);
  await registerSecurityHeaders(app);
  await registerRateLimits(app, config, services.store);
  await registerDocs(app);
  registerErrorHandler(app);
  await registerOperations(app, services);
  logDrift(app, services);
  registerInputGuard(app);
  registerAuthentication(app, services.authenticator, readAhead);
  registerAuthority(app, services);
  // Fastify closes plugins last-loaded first: registered before every module, this one runs
  // after their onClose hooks (the log buffer is written before the database closes).
  let maintenance: PgliteMaintenance | undefined;
  app.register(async (scope) => {
    scope.addHook('onClose', async () => {
      await maintenance?.close();
      await services.store.close();
      await services.datasources.closeAll();
      await services.tenantDatabases.closeAll();
      await services.system.database.close();
    });
  });
  const moduleRoutes = modules.map((setup) => setup(app, services)).filter((routes) => routes !== undefined);
  // Each module's routes in a plugin scope of their own (hooks or decorators one adds stay
  // its own), the whole set mounted twice.
  await mountTwice(app, async (scope) => {
    for (const routes of moduleRoutes) await scope.register(async (own) => routes(own));
  }, {});
  await loadEntityHookFiles({ schemasDir: config.schemasDir, models: services.models, actions: services.actions, hooks: services.hooks, services: { resources: services.resources, modelOf: (key) => services.model(key) } });
  const fallback = serveClient(app, config.clientDir);
  await mountTwice(app, engineRoutes, { registry: services.registry, resources: services.resources, actions: services.actions, workbooks, fallback });
  warnActionsWithoutHook(app, { models: () => services.models, service: services.actions });
  const seed = await runSeed(services, { adminPassword: config.adminPassword, seedRegions: config.seedRegions, demoAccounts: config.demoAccounts });
  if (config.seedDemo) await seedDemoOnce(services.system.database.db);
  for (const task of services.startTasks) await task();
  maintenance = startEmbeddedMaintenance(app, services.system.database, config.embeddedMaintenanceMs);
  return { app, services, seed, get routes() { return routeCatalogue(routes, services.registry); } };
}
