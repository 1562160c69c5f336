import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const USER_API = '/blade-user';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** One user endpoint under /api/blade-user/<action> and bare /blade-user/<action> (a Saber proxy strips /api). */
export function serve(app: FastifyInstance, opts: { method: 'GET' | 'POST'; action: string; summary: string; handler: Handler }): void {
  for (const prefix of ['/api', '']) {
    app.route({
      method: opts.method,
      url: `${prefix}${USER_API}/${opts.action}`,
      schema: { tags: ['system/user'], summary: opts.summary, hide: prefix === '' },
      handler: opts.handler,
    });
  }
}
