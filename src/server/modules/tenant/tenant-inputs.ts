import { badRequest } from '../../../shared/errors.js';

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

export function tenantIdInput(params: Params): string {
  return required(params, 'tenantId');
}
