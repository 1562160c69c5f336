import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { MAX_CLIENT_LOGS, clientLogsIn, recordClientErrors, type ClientErrorContext } from './client-errors.js';

/** The caller and where the request came from, for rows recorded on its behalf. */
export function clientErrorContext(request: FastifyRequest): ClientErrorContext {
  const agent = request.headers['user-agent'];
  return { ...contextOf(request), remoteIp: request.ip, userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? '' };
}

function refuse(key: 'log.tooManyLogs' | 'log.noLogs') {
  return badRequest(key, { max: MAX_CLIENT_LOGS });
}

/**
 * POST /blade-log/error/client: the console's "上传服务器" of its local error log
 * (a list of {type, url, message, stack, info, time}, or `{logs: [...]}`).
 */
export function registerClientErrorRoutes(app: FastifyInstance, services: AppServices): void {
  const schema = { tags: ['monitor/log-error'], summary: '上传前端错误日志' };
  app.post('/blade-log/error/client', { schema, config: { bodyMayHoldNul: true } }, async (request) => {
    const list = clientLogsIn(request.body);
    if (!list) throw refuse('log.noLogs');
    if (list.length > MAX_CLIENT_LOGS) throw refuse('log.tooManyLogs');
    return ok({ received: recordClientErrors(services, clientErrorContext(request), list) });
  });
}
