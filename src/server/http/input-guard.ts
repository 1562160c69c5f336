import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../shared/errors.js';

const NUL = '\u0000';

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Path of the first key or string holding U+0000 (`name`, `roleIds[2]`, `ext.title`). */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined; // a file part or stream is no parameter
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return name.replaceAll(NUL, '\\0');
    const found = nulPath(item, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, so no request value may carry one: it is refused
 * at the door, naming the parameter, instead of failing inside a query.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
    if (where) throw badRequest('param.invalid', { name: where.slice(0, 64) });
  });
}
