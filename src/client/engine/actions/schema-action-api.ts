import type { ActionModel, EntityModel } from '../../../shared/schema/entity-model';
import { request } from '../../api/http';
import { urlFor } from '../data/endpoints';

/** Calls an `x-actions` endpoint with the rows' keys (comma-joined in the action's parameter). */
export function callSchemaAction(model: EntityModel, action: ActionModel, keys: string[]): Promise<unknown> {
  return request({ method: 'POST', url: urlFor(model, action.path), params: { [action.param]: keys.join(',') } });
}
