import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A catch-all route's answer to "which route is this?": the URL it serves for this
     * request (as a declared route would name it), or undefined when it serves none.
     */
    routeUrl?: (request: FastifyRequest) => string | undefined;
    /** An engine endpoint: always behind a token, whatever its path. */
    engine?: boolean;
  }
}

/**
 * The URL of the route a request reached, as the route catalogue names it: the declared
 * URL, or for the engine's catch-all the endpoint it resolved to (undefined: no route).
 * Hooks that key on the route (token check, logs) read this, not `routeOptions.url`.
 */
export function routeUrlOf(request: FastifyRequest): string | undefined {
  const resolve = request.routeOptions.config?.routeUrl;
  return resolve ? resolve(request) : request.routeOptions.url;
}
