import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { idList, isId } from '../../engine/ids.js';

export type Params = Record<string, unknown>;

/** BladeX plain params: query string, form body or JSON body alike (the query wins). */
export function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Params) : {};
  return { ...body, ...((request.query ?? {}) as Params) };
}

/** A required text (or number) parameter, as text. */
export function textParam(params: Params, name: string): string {
  const value = params[name];
  if (isEmpty(value) || (typeof value !== 'string' && typeof value !== 'number')) throw badRequest('request.paramMissing', { name });
  return String(value);
}

/** A required single id. */
export function idParam(params: Params, name: string): string {
  const id = textParam(params, name);
  if (!isId(id)) throw badRequest('request.paramInvalid', { name });
  return id;
}

/** A required list of ids: `a,b` or a JSON array (engine/ids.ts idList, with its cap). */
export function idsParam(params: Params, name: string): string[] {
  const ids = idList(params[name], name);
  if (ids.length === 0) throw badRequest('request.paramMissing', { name });
  return ids;
}

/** `1`/`true` → true. */
export function flagParam(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
