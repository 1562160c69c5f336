import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized, badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { accessTokenOf } from '../../http/authenticate.js';
import { contentDisposition, contentTypeOf, extensionOf } from './content-types.js';
import type { LinkSigner } from './link-signer.js';
import { LOCAL_FILE_ROUTE } from './providers/local-disk-provider.js';
import { isSafeName, pathInside } from './safe-name.js';

/**
 * Serves files of the built-in local disk: `GET …/oss/endpoint/file/<tenantId>/<name>`,
 * open to a valid `sign` (the links uploads answer) or to a token of that same tenant.
 * Names are checked before the disk is touched; files go out with their type, a
 * disposition that never lets a browser run html/svg inline, and nosniff.
 */
export function registerFileRoute(app: FastifyInstance, services: AppServices, signer: LinkSigner): void {
  app.get(`${LOCAL_FILE_ROUTE.replace(/^\/api/, '')}/*`, { config: { open: true, tokenInQuery: true }, schema: { tags: ['resource/oss'], summary: 'A file of the local-disk store (signed link or token)' } }, async (request, reply) => {
    const [tenantId = '', ...rest] = String((request.params as Record<string, string>)['*'] ?? '').split('/');
    const name = rest.join('/');
    if (!isSafeName(tenantId) || !isSafeName(name)) throw badRequest('oss.nameInvalid');
    const sign = (request.query as Record<string, string | undefined>).sign;
    if (!(sign && signer.verify(tenantId, name, sign))) {
      const token = accessTokenOf(request);
      const user = token ? await services.authenticator.verifyAccess(token) : undefined;
      if (!user) throw unauthorized(token ? 'auth.unauthorized' : 'auth.tokenMissing');
      if (user.tenantId !== tenantId) throw notFound();
    }
    const path = pathInside(services.config.filesDir, `${tenantId}/${name}`);
    const info = path ? await stat(path).catch(() => undefined) : undefined;
    if (!path || !info?.isFile()) throw notFound();
    const type = contentTypeOf(extensionOf(name));
    reply
      .header('content-type', type)
      .header('content-length', info.size)
      .header('content-disposition', contentDisposition(type, name.split('/').pop()!))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable');
    // Stricter than the console's policy (helmet's): a stored file runs nothing. Chrome will
    // not show a PDF under any such policy, so a PDF goes out without one.
    if (type !== 'application/pdf') reply.header('content-security-policy', "default-src 'none'; sandbox");
    else reply.removeHeader('content-security-policy');
    return reply.send(createReadStream(path));
  });
}
