import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';

export type Params = Record<string, unknown>;

/** Query parameters of a request. */
export const queryOf = (request: FastifyRequest): Params => (request.query ?? {}) as Params;

/** A JSON (or form) body; anything else reads as empty. */
export const bodyOf = (request: FastifyRequest): Params => {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {};
};

/** Serves a hand-written endpoint under /api<path> and the bare <path>, as the engine serves its own. */
export function serve(app: FastifyInstance, opts: { method: 'GET' | 'POST'; path: string; tag: string; handler: (request: FastifyRequest) => Promise<unknown> }): void {
  for (const prefix of ['/api', '']) {
    app.route({
      method: opts.method,
      url: `${prefix}${opts.path}`,
      schema: { tags: [opts.tag], hide: prefix === '' },
      handler: async (request) => ok(await opts.handler(request)),
    });
  }
}
