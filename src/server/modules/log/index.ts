import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { serverErrorOf } from '../../http/error-handler.js';
import { apiLogRecord } from './api-log.js';
import { registerClientErrorRoutes } from './client-error-routes.js';
import { errorLogRecord } from './error-log.js';
import { restrictLogReads } from './log-access.js';
import { attachLogSystem } from './log-registry.js';
import { LogRetention } from './log-retention.js';
import { LogWriter, type LogKind } from './log-writer.js';
import { serverIdentity } from './server-identity.js';
import type { AppModule } from '../module.js';

export { recordClientErrors } from './client-errors.js';
export { clientErrorContext } from './client-error-routes.js';
export { logUsual } from './usual-log.js';
export { logRetentionOf, logWriterOf } from './log-registry.js';

const LOG_MODELS: Record<LogKind, string> = { api: 'monitor/log-api', error: 'monitor/log-error', usual: 'monitor/log-usual' };

function logModels(services: AppServices): Record<LogKind, EntityModel> | undefined {
  const find = (key: string) => services.models.find((m) => m.key === key);
  const [api, error, usual] = [find(LOG_MODELS.api), find(LOG_MODELS.error), find(LOG_MODELS.usual)];
  return api && error && usual ? { api, error, usual } : undefined;
}

function createWriter(app: FastifyInstance, services: AppServices, models: Record<LogKind, EntityModel>): LogWriter {
  return new LogWriter({ db: services.system.database.db, models, afterWrite: (table) => services.tableWritten(table), sink: app.log });
}

/**
 * Usual, API and error logs (spec blade-log): rows are made after each response and
 * written in batches behind it; the list and detail endpoints come from the schemas.
 */
export const registerLogModule: AppModule = (app, services) => {
  const models = logModels(services);
  if (!models) {
    app.log.warn(`no schemas ${Object.values(LOG_MODELS).join(', ')}: nothing is logged to tables`);
    return;
  }
  const server = serverIdentity(services.config.nodeEnv);
  const writer = createWriter(app, services, models);
  const retention = startRetention(app, services, models);
  attachLogSystem(services, { writer, server, retention });
  restrictLogReads(services.hooks, Object.values(LOG_MODELS));
  const labels = (method: string, url: string) => services.registry.resolve(method, url);

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    try {
      const failure = reply.statusCode >= 500 ? serverErrorOf(request) : undefined;
      if (failure) writer.push('error', errorLogRecord({ request, reply, error: failure.error, labels, server }));
      const api = services.config.apiLog ? apiLogRecord({ request, reply, labels, server }) : undefined;
      if (api) writer.push('api', api);
    } catch (error) {
      request.log.error({ err: error }, 'could not record the request log');
    }
    done();
  });
  // Registered as a plugin: Fastify closes plugins last-loaded first, so the buffer is
  // written after in-flight requests finish and before buildApp's plugin closes the database.
  app.register(async (instance) => {
    instance.addHook('onClose', async () => {
      await retention?.close();
      await writer.close();
    });
  });
  return (routes) => registerClientErrorRoutes(routes, services);
};

function startRetention(app: FastifyInstance, services: AppServices, models: Record<LogKind, EntityModel>): LogRetention | undefined {
  const days = services.config.logRetentionDays;
  if (days <= 0) return undefined;
  const retention = new LogRetention({
    db: services.system.database.db, models: Object.values(models), days, afterDelete: (table) => services.tableWritten(table), sink: app.log,
  });
  app.addHook('onReady', async () => {
    void retention.purge();
  });
  return retention;
}
