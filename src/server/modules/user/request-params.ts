import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { isId, splitKeys } from '../../engine/ids.js';

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

/** A required list of ids: `a,b` or a JSON array. */
export function idsParam(params: Params, name: string): string[] {
  const raw = params[name];
  const text = Array.isArray(raw) ? raw.join(',') : raw;
  if (isEmpty(text) || (typeof text !== 'string' && typeof text !== 'number')) throw badRequest('request.paramMissing', { name });
  const ids = splitKeys(text);
  if (ids.length === 0) throw badRequest('request.paramMissing', { name });
  if (!ids.every(isId)) throw badRequest('request.paramInvalid', { name });
  return ids;
}

/** `1`/`true` → true. */
export function flagParam(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
