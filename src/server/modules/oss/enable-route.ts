import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { STATUS_ON } from './config-rows.js';
import { bothPrefixes, paramsOf } from './request-params.js';

/**
 * `POST <apiPath>/enable?id=`: switches the row on through the engine's submit, so the
 * caller needs the entity's edit permission and the write hooks switch every other row
 * of the tenant off in the same transaction (another tenant's id is not found).
 */
export function registerEnableRoute(app: FastifyInstance, services: AppServices, modelKey: string): void {
  const model = services.model(modelKey);
  bothPrefixes(`${model.apiPath}/enable`, (url, hide) => {
    app.post(url, { schema: { tags: [model.key], summary: `${model.label.en}: enable one configuration`, hide } }, async (request) => {
      const id = paramsOf(request).id;
      if (!id) throw badRequest('param.missing', { name: 'id' });
      await services.resources.submit(model, contextOf(request), { id, status: STATUS_ON });
      return ok({});
    });
  });
}
