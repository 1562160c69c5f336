import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { formatMessage } from '../../shared/i18n/messages.js';

function send(reply: FastifyReply, status: number, msg: string, extra: Record<string, unknown> = {}) {
  return reply.status(status).send({ code: status, success: false, data: {}, msg, ...extra });
}

/** Every error becomes the envelope in the request's language; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'zh';
    if (error instanceof AppError) {
      const msg = error.text ?? formatMessage(lang, error.messageKey ?? 'fail', error.params);
      return send(reply, error.status, msg, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return send(reply, status === 413 || status === 415 ? status : 400, formatMessage(lang, 'bad.request'));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, formatMessage(lang, 'server.error'));
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, formatMessage(request.lang ?? 'zh', 'route.not.found')));
}
