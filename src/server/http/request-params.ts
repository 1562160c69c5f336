import type { FastifyRequest } from 'fastify';

export type Params = Record<string, unknown>;

/** Query parameters of a request. */
export const queryOf = (request: FastifyRequest): Params => (request.query ?? {}) as Params;

/** A JSON (or form) body; anything else reads as empty. */
export const bodyOf = (request: FastifyRequest): Params => {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {};
};

/** Parameters from the query string, a form body or a JSON body (the query wins), as BladeX's @RequestParam reads them. */
export function paramsOf(request: FastifyRequest): Record<string, string | undefined> {
  const body = typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) ? (request.body as Record<string, unknown>) : {};
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries({ ...body, ...(request.query as Record<string, unknown>) })) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}
