import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import { registerSchemaDriftRoute } from './schema-drift-route.js';

/** The model a client needs: no table, column, file or data source names. */
export function clientModel(model: EntityModel): Omit<EntityModel, 'table' | 'source' | 'datasource'> {
  const { table: _table, source: _source, datasource: _datasource, ...rest } = model;
  return { ...rest, fields: model.fields.map(({ column: _column, ...f }) => ({ ...f, column: '' })) };
}

/** Serves the entity models so the console builds screens for schemas it was never built with. */
export function registerMetaModule(app: FastifyInstance, services: AppServices): void {
  app.get('/api/atrium/schemas', { schema: { tags: ['atrium'] } }, async () => ok(services.models.map(clientModel)));
  registerSchemaDriftRoute(app, services);
  app.get('/api/atrium/health', { config: { open: true }, schema: { tags: ['atrium'] } }, async () => ok({ status: 'up', database: services.system.database.kind }));
}
