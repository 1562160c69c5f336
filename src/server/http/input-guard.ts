import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route cleans NUL from its body itself (captured browser error text), so the guard lets the body through. */
    bodyMayHoldNul?: boolean;
  }
}
import { badRequest } from '../../shared/errors.js';

const NUL = '\u0000';
/** No parameter of ours nests deeper; deeper data is never read as one. */
const MAX_DEPTH = 32;

/** Binary data and streams (an uploaded file part) hold no parameters. */
function isData(value: object): boolean {
  return ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';
}

/** Path of the first key or string holding U+0000 (`name`, `roleIds[2]`, `ext.title`). */
function nulPath(value: unknown, path: string, seen?: WeakSet<object>, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || seen?.has(value) || depth > MAX_DEPTH) return undefined;
  if (isFlat(value)) return flatNulPath(value as Record<string, unknown>, path);
  const inside = seen ?? new WeakSet<object>();
  inside.add(value);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${path}[${i}]`, inside, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (isData(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return name.replaceAll(NUL, '\\0');
    const found = nulPath(item, name, inside, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A plain object of strings and other scalars (every query string, most forms): no nesting to walk. */
function isFlat(value: object): boolean {
  if (Array.isArray(value) || isData(value)) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object') return false;
  }
  return true;
}

/** nulPath of a flat object: the same answer without the walk's bookkeeping. */
function flatNulPath(value: Record<string, unknown>, path: string): string | undefined {
  for (const key of Object.keys(value)) {
    const name = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return name.replaceAll(NUL, '\\0');
    const item = value[key];
    if (typeof item === 'string' && item.includes(NUL)) return name || 'body';
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, so no request value may carry one: it is refused
 * at the door, naming the parameter, instead of failing inside a query.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.routeOptions.config.bodyMayHoldNul ? undefined : request.body;
    const where = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(body, '');
    done(where ? badRequest('request.paramInvalid', { name: where.slice(0, 64) }) : undefined);
  });
}
