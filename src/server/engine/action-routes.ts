import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { contextOf } from '../http/authenticate.js';
import { ok } from '../http/envelope.js';
import type { ActionService } from './action-service.js';

/** Query parameters with a form or JSON body's on top of them (BladeX reads either). */
function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return { ...(request.query as object), ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

/**
 * Serves every model's `x-actions` at POST /api<path>/<action path> and <path>/<action path>.
 * A hook action whose module registered no hook is reported at start and answers 500 when called.
 */
export function registerActionRoutes(app: FastifyInstance, opts: { models: EntityModel[]; service: ActionService }): void {
  for (const model of opts.models) {
    for (const action of model.actions) {
      for (const prefix of ['/api', '']) {
        app.post(`${prefix}${model.apiPath}/${action.path}`, {
          schema: { tags: [model.key], summary: `${model.label.en}: ${action.label.en}`, hide: prefix === '' },
        }, async (request) => {
          const ctx = contextOf(request);
          const data = await opts.service.run(model, action, ctx, paramsOf(request));
          return action.success ? ok(data, action.success[ctx.lang]) : ok(data);
        });
      }
    }
  }
  app.addHook('onReady', async () => {
    for (const model of opts.models) {
      for (const action of model.actions.filter((a) => a.run.kind === 'hook')) {
        if (!opts.service.hasHook(model.key, action.key)) app.log.warn(`${model.source}: x-actions "${action.key}" has no hook yet (services.actions.on); calls fail until one is registered`);
      }
    }
  });
}
