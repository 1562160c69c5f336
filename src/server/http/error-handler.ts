import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { formatMessage } from '../../shared/i18n/messages.js';
import { StoreUnavailableError, storeUnavailableText } from '../store/store-unavailable.js';

/** The error behind each 5xx answer, kept for the error log (written after the response). */
const serverErrors = new WeakMap<FastifyRequest, unknown>();

/** The error a request was answered with a 5xx for, if it was. */
export function serverErrorOf(request: FastifyRequest): { error: unknown } | undefined {
  return serverErrors.has(request) ? { error: serverErrors.get(request) } : undefined;
}

function send(reply: FastifyReply, status: number, msg: string, extra: Record<string, unknown> = {}) {
  return reply.status(status).send({ code: status, success: false, data: {}, msg, ...extra });
}

/** Every error becomes the envelope in the request's language; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'zh';
    if (error instanceof AppError) {
      if (error.status >= 500) serverErrors.set(request, error);
      const msg = error.text ?? formatMessage(lang, error.messageKey ?? 'fail', error.params);
      return send(reply, error.status, msg, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
    }
    if (error instanceof StoreUnavailableError) {
      serverErrors.set(request, error);
      return send(reply, 503, storeUnavailableText[lang]);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return send(reply, status === 413 || status === 415 ? status : 400, formatMessage(lang, 'bad.request'));
    }
    request.log.error({ err: error }, 'request failed');
    serverErrors.set(request, error);
    return send(reply, 500, formatMessage(lang, 'server.error'));
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, formatMessage(request.lang ?? 'zh', 'route.not.found')));
}
