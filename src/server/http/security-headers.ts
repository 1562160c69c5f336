import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (helmet): helmet's defaults, with a policy
 * the console needs — emotion's inline styles, data:/blob: images (previews, avatars) and
 * images from any object store the tenants configure (S3, MinIO, Qiniu… links are other
 * origins). No upgrade-insecure-requests and no HSTS: the server speaks plain HTTP behind
 * loopback or a TLS-terminating proxy, which owns HSTS.
 */
export const CONSOLE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  objectSrc: ["'none'"],
  // The forms' validators are compiled by ajv in the browser (rjsf validator-ajv8), which
  // builds functions from source: without 'unsafe-eval' no form shows a field's message.
  scriptSrc: ["'self'", "'unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
};

/**
 * helmet's headers depend on nothing of the request: they are taken from its middleware once,
 * and each answer gets them through Fastify's own header map. (@fastify/helmet, used before,
 * built the middleware anew for every request — parsing the policy each time, a tenth of a
 * detail request's CPU; running the middleware per request still set a dozen headers one
 * by one on the raw response, each validated there and again when Fastify wrote its own.)
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  let failure: unknown;
  helmet({ contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP_DIRECTIVES }, strictTransportSecurity: false })(
    {} as never, response as never, (error?: unknown) => { failure = error; });
  if (failure) throw failure;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Swagger UI sets its own policy (with its inline scripts' hashes); it must not upgrade plain-HTTP requests either. */
export const withoutUpgradeInsecureRequests = (header: string): string => header.replace(/\s*upgrade-insecure-requests;?/g, '');
