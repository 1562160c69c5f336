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

/** A hand-written endpoint answering the envelope (on a module's route scope, which is mounted under /api and bare). */
export function serve(app: FastifyInstance, opts: { method: 'GET' | 'POST'; path: string; tag: string; handler: (request: FastifyRequest) => Promise<unknown> }): void {
  app.route({
    method: opts.method,
    url: opts.path,
    schema: { tags: [opts.tag] },
    handler: async (request) => ok(await opts.handler(request)),
  });
}
