import { badRequest } from '../../../shared/errors.js';
import { isAdministrator } from '../../engine/request-context.js';
import { routeUrlOf } from '../../http/route-url.js';
import { contextOf } from '../../http/authenticate.js';
import { registerCodeActions } from './code-actions.js';
import { DataSources } from './datasource-connections.js';
import { registerDatasourceHooks } from './datasource-hooks.js';
import { developError } from './develop-messages.js';
import { registerModelRoutes } from './model-routes.js';
import { registerModelTableCheck } from './model-table-check.js';
import { SchemaReloads } from './schema-reloads.js';
import { SecretBox } from '../../db/secret-box.js';
import type { AppModule } from '../module.js';

const DEVELOP_PATH = /^(\/api)?\/blade-develop\//;

/**
 * 研发工具 (reference §4.18, issue 13): data sources (passwords encrypted at rest, 测试连接),
 * data models with their field grid, and code generation into DATA_DIR/schemas, served at
 * once. Platform-wide tables: only the administrator of the platform tenant uses them.
 */
export const registerDevelopModule: AppModule = (app, services) => {
  const box = SecretBox.load(services.config);
  const sources = new DataSources(services, box);
  app.addHook('preHandler', (request, _reply, done) => {
    // The route reached, not the URL: a path no route serves is the 404 (a 401 here would
    // sign the console out).
    const url = routeUrlOf(request);
    if (!url || !DEVELOP_PATH.test(url)) return done();
    try {
      const ctx = contextOf(request);
      done(!isAdministrator(ctx) || ctx.tenantId !== '000000' ? developError('platformOnly', {}, 403) : undefined);
    } catch (error) {
      done(error as Error);
    }
  });
  registerDatasourceHooks(services, box, sources);
  registerModelTableCheck(services, sources);
  // Entities bound to a data source (x-datasource) run their queries on its pool. The opener
  // reads the rows kept in memory: it is called inside the platform's transactions, and the
  // embedded database has one connection.
  services.datasources.setOpener(async (idOrName) => {
    const source = sources.cached(idOrName);
    const handle = await sources.open(services.system.repo, source, { max: 8 });
    return { db: handle.db, dialect: handle.dialect === 'mysql' ? 'mysql' : 'postgres', name: source.name, close: handle.close };
  });
  // Tenants placed in a database of their own: PostgreSQL data sources only.
  services.tenantDatabases.setResolver(async (id) => {
    const source = await sources.resolve(services.system.repo, id);
    if (source.driver !== 'postgresql' || !source.spec) throw badRequest('tenant.datasourceNotPostgres', { name: source.name });
    return source.spec;
  });
  app.addHook('onReady', () => sources.reload());
  registerCodeActions(services, sources);
  const interval = services.config.schemaReloadIntervalMs;
  if (services.config.redisUrl && interval > 0) {
    const reloads = new SchemaReloads(services, app.log, () => sources.reload());
    app.addHook('onReady', () => reloads.start(interval));
    app.addHook('onClose', () => reloads.stop());
  }
  return (routes) => registerModelRoutes(routes, services, sources);
};
