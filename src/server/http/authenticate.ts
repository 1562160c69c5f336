import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../shared/errors.js';
import { andThen, settle, type MaybePromise } from '../../shared/maybe-promise.js';
import { pickLang } from '../../shared/i18n/translate.js';
import type { ReadAhead, ReadAheadSource } from './read-ahead.js';
import type { RequestContext } from './caller-context.js';
import type { AuthUser } from './fastify-types.js';
import { routeUrlOf } from './route-url.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A browser opens the route by URL (a file download, BladeX's export links), where it
     * cannot send the Blade-Auth header: the token may come as `?blade-auth=`. Every other
     * route takes it from the header only, so a token does not travel in URLs (history,
     * proxy logs, Referer) to routes that have no need of it.
     */
    tokenInQuery?: boolean;
  }
}

/** The access token: the Blade-Auth header, or the `blade-auth` query parameter on a route marked tokenInQuery. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['blade-auth'];
  const query = request.routeOptions.config?.tokenInQuery ? (request.query as Record<string, unknown> | undefined) : undefined;
  const raw = (Array.isArray(header) ? header[0] : header) ?? query?.['blade-auth'] ?? query?.['Blade-Auth'];
  if (typeof raw !== 'string') return undefined;
  return raw.replace(/^bearer\s+/i, '').trim() || undefined;
}

/** API routes and engine endpoints need a token; the console's files and the API docs do not. */
function isProtected(request: FastifyRequest): boolean {
  const url = routeUrlOf(request);
  if (!url || url.startsWith('/api/docs')) return false;
  return request.routeOptions.config?.engine === true || url.startsWith('/api/') || url.startsWith('/blade-');
}

/** Shared-store keys to read in the token check's round trip, and where their values go (read-ahead.ts). */
export interface AlsoRead {
  keys: readonly string[];
  got(values: (string | undefined)[]): void;
}

/** How the token check reaches whoever issues tokens (the auth module implements it). */
export interface Authenticator {
  /** The caller a valid, live access token names; undefined otherwise. */
  verifyAccess(token: string, alsoRead?: AlsoRead): MaybePromise<AuthUser | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Store values read with the token check, for this request's later steps. */
    readAhead?: ReadAhead;
    /** contextOf's answer for `request.user` as it was then (a preHandler may replace the user). */
    callerContext?: { user: AuthUser; ctx: RequestContext };
  }
}

/** Sets request.lang on every request and request.user on every non-open route (401 otherwise). */
export function registerAuthentication(app: FastifyInstance, tokens: Authenticator, ahead: ReadAheadSource): void {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('user', undefined);
  app.decorateRequest('readAhead', undefined);
  app.decorateRequest('callerContext', undefined);
  // A callback hook: open routes and the console's files pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    request.lang = pickLang(Array.isArray(header) ? header[0] : header);
    if (!isProtected(request) || request.routeOptions.config?.open) return done();
    const token = accessTokenOf(request);
    if (!token) return done(unauthorized('auth.tokenMissing'));
    const keys = ahead.readAheadKeys();
    const epoch = ahead.storeEpoch();
    const got = (values: (string | undefined)[]) => { request.readAhead = { epoch, values: new Map(keys.map((k, i) => [k, values[i]])) }; };
    settle(() => andThen(tokens.verifyAccess(token, keys.length > 0 ? { keys, got } : undefined), (user) => {
      if (!user) throw unauthorized();
      request.user = user;
    }), done);
  });
}

/**
 * The caller's context for the engine; only valid on authenticated routes. Built once per
 * request and user (the access check and the handler both ask for it).
 */
export function contextOf(request: FastifyRequest): RequestContext {
  const user = request.user;
  if (!user) throw unauthorized();
  const made = request.callerContext;
  if (made?.user === user) return made.ctx;
  const ctx: RequestContext = {
    tenantId: user.tenantId,
    userId: user.userId,
    deptId: user.deptIds[0] ?? '0',
    lang: request.lang,
    account: user.account,
    roleIds: user.roleIds,
    roleAliases: user.roleAliases,
    deptIds: user.deptIds,
  };
  // This request's alone: not enumerable, so a context stored with a job or spread into another leaves it out.
  if (request.readAhead) Object.defineProperty(ctx, 'readAhead', { value: request.readAhead, enumerable: false });
  request.callerContext = { user, ctx };
  return ctx;
}
