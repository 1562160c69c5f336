import type { FastifyInstance } from 'fastify';
import { prototypesOf } from '../../../../codegen/index.js';
import type { AppServices } from '../../app-services.js';
import { columns, tableList } from '../../db/external/index.js';
import { contextOf } from '../../http/authenticate.js';
import { isId } from '../../engine/ids.js';
import { ok } from '../../http/envelope.js';
import { paramsOf } from '../../http/request-params.js';
import { asBadRequest, developError } from './develop-messages.js';
import type { DataSources } from './datasource-connections.js';
import { MODEL_MODEL } from './generate-code.js';
import { prototypeOf, replacePrototypes, storedPrototypes } from './prototype-rows.js';

const TAGS = ['develop/model'];

/**
 * The 3.0 model screens' own endpoints (reference §4.18, saber-screens §6.3): a data
 * source's tables, a model's field prototypes (stored, else read from its table) and the
 * grid's save. Reads of another database go through the data source's bounded pool.
 */
export function registerModelRoutes(app: FastifyInstance, services: AppServices, sources: DataSources): void {
  app.get('/blade-develop/model/table-list', { schema: { tags: TAGS, summary: 'Tables of a data source (datasourceId): name, comment' } }, async (request) => {
    const ctx = contextOf(request);
    const id = paramsOf(request).datasourceId ?? '';
    if (!id) throw developError('datasourceMissing', { id: '' });
    try {
      const handle = await sources.open(services.system.repo, await sources.resolve(services.system.repo, id));
      try {
        return ok(await tableList(handle.db, handle.dialect));
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw asBadRequest(error);
    }
  });

  app.get('/blade-develop/model-prototype/prototypes', { schema: { tags: TAGS, summary: 'Field prototypes of a model (modelId): the saved grid, else its table\'s columns' } }, async (request) => {
    const ctx = contextOf(request);
    const modelId = paramsOf(request).modelId ?? '';
    const model = isId(modelId) ? await services.resources.rowsOf(ctx).find(services.model(MODEL_MODEL), modelId) : undefined;
    if (!model) throw developError('modelMissing', { id: modelId });
    try {
      const stored = await storedPrototypes(services, services.system.repo, ctx, modelId);
      if (stored.length) return ok(stored.map((p) => ({ ...p, modelId })));
      const source = await sources.resolve(services.system.repo, String(model.datasourceId));
      const handle = await sources.open(services.system.repo, source);
      try {
        const table = String(model.modelTable);
        const fresh = prototypesOf(table, await columns(handle.db, handle.dialect, table), { external: source.driver !== 'embedded' });
        return ok(fresh.map((p) => ({ ...p, modelId })));
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw asBadRequest(error);
    }
  });

  app.post('/blade-develop/model-prototype/submit-list', { schema: { tags: TAGS, summary: 'Save a model\'s grid (JSON list of prototypes, each with modelId)' } }, async (request) => {
    const ctx = contextOf(request);
    const body = request.body;
    if (!Array.isArray(body) || body.length === 0 || body.some((r) => typeof r !== 'object' || r === null)) throw developError('prototypesInvalid');
    const modelId = String(body[0].modelId ?? '');
    if (body.some((r) => String(r.modelId ?? '') !== modelId)) throw developError('prototypesInvalid');
    const model = isId(modelId) ? await services.resources.rowsOf(ctx).find(services.model(MODEL_MODEL), modelId) : undefined;
    if (!model) throw developError('modelMissing', { id: modelId });
    let prototypes;
    try {
      prototypes = body.map(prototypeOf);
    } catch (error) {
      throw asBadRequest(error);
    }
    await services.system.repo.transaction((repo) => replacePrototypes(services, repo, ctx, modelId, prototypes));
    return ok(true);
  });
}
