import type { FastifyRequest } from 'fastify';
import { maskUrl } from './mask-url.js';

/**
 * Fastify's request serializer for the pino log ("incoming request"), with the URL's
 * secret query parameters masked: downloads and links carry the token in the query
 * (`?blade-auth=…`, `?access_token=…`), and a log file is read by more people than the API.
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
