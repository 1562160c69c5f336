import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { OssService, UploadInput } from './oss-service.js';
import { readUpload } from './upload-reader.js';
import { AVATAR_MAX_BYTES, sizeText } from './upload-rules.js';
import { bodyOf, paramsOf, queryOf } from '../../http/request-params.js';
import { hasAdminRole } from '../../engine/request-context.js';
import { sentKeys } from '../../engine/ids.js';

const BASE = '/blade-resource/oss/endpoint';
const TAGS = ['resource/oss'];

/**
 * The upload as the service takes it. `type=avatar` (query or a form field before the
 * file) applies the avatar rule: JPG/PNG by their bytes, at most 500 kB.
 */
async function uploadInput(request: FastifyRequest, uploadLimit: number): Promise<UploadInput> {
  const query = paramsOf(request);
  // `code` carries the 调试 action's key (schemas/resource/oss.json): a list past the cap is refused before the upload is read.
  sentKeys({ ...bodyOf(request), ...queryOf(request) }.code, 'code');
  const wantsAvatar = query.type === 'avatar';
  const file = await readUpload(request, {
    maxBytes: wantsAvatar ? AVATAR_MAX_BYTES : uploadLimit,
    onTooLarge: () => (wantsAvatar ? badRequest('oss.avatarSize') : badRequest('oss.tooLarge', { limit: sizeText(uploadLimit) })),
  });
  const code = query.code || file.fields.code || undefined;
  return { ctx: contextOf(request), code, originalName: file.originalName, bytes: file.bytes, isAvatar: wantsAvatar || file.fields.type === 'avatar' };
}

/**
 * put-file, put-file-attach, remove-file, remove-files (reference §4.15). Unlike BladeX,
 * every upload is recorded as an attachment (the issue asks for it); both answer attachId.
 */
export function registerEndpointRoutes(app: FastifyInstance, services: AppServices, oss: OssService): void {
  const limit = services.config.uploadLimitBytes;
  app.post(`${BASE}/put-file`, { schema: { tags: TAGS, summary: 'Upload a file (multipart "file"; ?code=, ?type=avatar)' } },
    async (request) => ok(await oss.putFileAttach(await uploadInput(request, limit))));
  app.post(`${BASE}/put-file-attach`, { schema: { tags: TAGS, summary: 'Upload a file and record it as an attachment' } },
    async (request) => ok(await oss.putFileAttach(await uploadInput(request, limit))));
  const remove = async (request: FastifyRequest, names: string[]) => {
    const ctx = contextOf(request);
    if (!hasAdminRole(ctx)) throw forbidden('oss.adminOnly');
    await oss.removeFiles(ctx, names, paramsOf(request).code || undefined);
    return ok({});
  };
  app.post(`${BASE}/remove-file`, { schema: { tags: TAGS, summary: 'Remove a stored file (fileName)' } },
    async (request) => remove(request, [paramsOf(request).fileName ?? ''].filter(Boolean)));
  app.post(`${BASE}/remove-files`, { schema: { tags: TAGS, summary: 'Remove stored files (fileNames, comma-joined)' } },
    async (request) => remove(request, sentKeys(paramsOf(request).fileNames, 'fileNames')));
}
