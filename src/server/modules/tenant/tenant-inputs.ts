import { badRequest } from '../../../shared/errors.js';
import { isId, sentKeys } from '../../engine/ids.js';

/** Plain parameters of a request: query string over form or JSON body. */
export type Params = Record<string, unknown>;

function text(params: Params, name: string): string {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function required(params: Params, name: string): string {
  const value = text(params, name);
  if (!value) throw badRequest('request.paramMissing', { name });
  return value;
}

function id(params: Params, name: string): string {
  const value = required(params, name);
  if (!isId(value)) throw badRequest('request.paramInvalid', { name });
  return value;
}

/** `datasource`: the tenant's code is the schema action's key parameter, so a list past the key cap is refused first, as every action does. */
export function datasourceInput(params: Params): { tenantId: string; datasourceId: string } {
  sentKeys(params.tenantId, 'tenantId');
  return { tenantId: required(params, 'tenantId'), datasourceId: id(params, 'datasourceId') };
}

export function tenantIdInput(params: Params): string {
  return required(params, 'tenantId');
}
