import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const USER_API = '/blade-user';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** One user endpoint, /blade-user/<action>, on the module's route scope (mounted under /api and bare). */
export function serve(app: FastifyInstance, opts: { method: 'GET' | 'POST'; action: string; summary: string; handler: Handler; tokenInQuery?: boolean }): void {
  app.route({
    method: opts.method,
    url: `${USER_API}/${opts.action}`,
    ...(opts.tokenInQuery ? { config: { tokenInQuery: true } } : {}),
    schema: { tags: ['system/user'], summary: opts.summary },
    handler: opts.handler,
  });
}
