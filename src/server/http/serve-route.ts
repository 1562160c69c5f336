import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from './envelope.js';

/** A hand-written endpoint answering the envelope (on a module's route scope, which is mounted under /api and bare). */
export function serve(app: FastifyInstance, opts: { method: 'GET' | 'POST'; path: string; tag: string; handler: (request: FastifyRequest) => Promise<unknown> }): void {
  app.route({
    method: opts.method,
    url: opts.path,
    schema: { tags: [opts.tag] },
    handler: async (request) => ok(await opts.handler(request)),
  });
}
