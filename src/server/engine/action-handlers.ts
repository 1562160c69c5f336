import type { FastifyInstance, FastifyRequest } from 'fastify';
import { message, type Translatable } from '../../shared/i18n/translate.js';
import type { ActionModel, EntityModel } from '../../shared/schema/entity-model.js';
import { contextOf } from '../http/authenticate.js';
import type { ActionService } from './action-service.js';

/** Query parameters with a form or JSON body's on top of them (BladeX reads either). */
function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return { ...(request.query as object), ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

/**
 * Runs one of the model's `x-actions` for the request. `msg`: its success text (default
 * 操作成功), followed by what a hook told the caller; the console shows it.
 */
export async function serveAction({ service, model, action, request }: { service: ActionService; model: EntityModel; action: ActionModel; request: FastifyRequest }): Promise<{ data: unknown; msg: Translatable }> {
  const ctx = contextOf(request);
  const notes: Translatable[] = [];
  const data = await service.run({ model, action, ctx, params: paramsOf(request), notes });
  const success: Translatable = action.success ?? message('common.operationSuccess');
  return { data, msg: notes.reduce<Translatable>((text, note) => message('common.withNote', { text, note }), success) };
}

/** A hook action whose module registered no hook is reported at start and answers 500 when called. */
export function warnActionsWithoutHook(app: FastifyInstance, { models, service }: { models: () => EntityModel[]; service: ActionService }): void {
  app.addHook('onReady', async () => {
    for (const model of models()) {
      for (const action of model.actions.filter((a) => a.run.kind === 'hook')) {
        if (!service.hasHook(model.key, action.key)) app.log.warn(`${model.source}: x-actions "${action.key}" has no hook yet (services.actions.on); calls fail until one is registered`);
      }
    }
  });
}
