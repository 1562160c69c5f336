import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { translate, type TextKey, type Translatable } from '../../shared/i18n/translate.js';
import type { Lang } from '../../shared/schema/entity-model.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { isTooManyParameters } from '../db/too-many-parameters.js';
import { StoreUnavailableError } from '../store/store-unavailable.js';
import { withTranslatedMsg } from './envelope.js';

/** The error behind each 5xx answer, kept for the error log (written after the response). */
const serverErrors = new WeakMap<FastifyRequest, unknown>();

/** The error a request was answered with a 5xx for, if it was. */
export function serverErrorOf(request: FastifyRequest): { error: unknown } | undefined {
  return serverErrors.has(request) ? { error: serverErrors.get(request) } : undefined;
}

function send(reply: FastifyReply, status: number, msg: string, extra: Record<string, unknown> = {}) {
  return reply.status(status).send({ code: status, success: false, data: {}, msg, ...extra });
}

/** A refusal with data (a rejected import's rows): `msg` before `data`, as BladeX import-user has always answered it. */
function sendWithData(reply: FastifyReply, status: number, answer: { msg: string; data: unknown; fieldErrors?: Record<string, string> }) {
  return reply.status(status).send({ code: status, success: false, msg: answer.msg, data: answer.data, ...(answer.fieldErrors ? { fieldErrors: answer.fieldErrors } : {}) });
}

/** An error's message and field messages in one language. */
export function translateError(lang: Lang, error: AppError): { msg: string; fieldErrors?: Record<string, string> } {
  const msg = translate(lang, error.text);
  if (!error.fieldErrors) return { msg };
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, text]) => [field, translate(lang, text)]));
  return { msg, fieldErrors };
}

/**
 * Every error becomes the envelope in the request's language; a 5xx never shows internals.
 * This is the one place an error's text is translated; success messages are translated as
 * they are sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const say = (request: FastifyRequest, text: TextKey | Translatable) => translate(request.lang ?? 'zh', text);
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) serverErrors.set(request, error);
      const { msg, fieldErrors } = translateError(request.lang ?? 'zh', error);
      if (error.data !== undefined) return sendWithData(reply, error.status, { msg, data: error.data, fieldErrors });
      return send(reply, error.status, msg, fieldErrors ? { fieldErrors } : {});
    }
    if (error instanceof StoreUnavailableError) {
      serverErrors.set(request, error);
      return send(reply, 503, say(request, 'common.storeUnavailable'));
    }
    if (isTooManyParameters(error)) {
      request.log.warn({ err: error }, 'a query bound too many parameters');
      return send(reply, 400, say(request, 'request.tooManyValues'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      serverErrors.set(request, error);
      return send(reply, 503, say(request, 'common.databaseUnavailable'));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return send(reply, status === 413 || status === 415 ? status : 400, say(request, 'request.badRequest'));
    }
    request.log.error({ err: error }, 'request failed');
    serverErrors.set(request, error);
    return send(reply, 500, say(request, 'common.serverError'));
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, say(request, 'request.routeNotFound')));
  app.addHook('preSerialization', (request, _reply, payload, done) => done(null, withTranslatedMsg(payload, (text) => say(request, text))));
}
