import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../shared/errors.js';
import type { EntityModel, Lang } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { checkWorkbook } from '../../excel/check-workbook.js';
import { uploadTooLarge, WorkbookLimitError } from '../../excel/workbook-limits.js';
import { importLimits } from './import-limits.js';
import { isUploadTooLarge } from '../../excel/workbook-upload.js';
import { templateWorkbook } from './export-workbook.js';
import { JobFiles } from './job-files.js';
import type { JobStore } from './job-store.js';
import type { ImportKind } from './import-target.js';
import { importFields } from './sheet-fields.js';

/**
 * Imports one tenant may have queued or running at once. A further one is refused, not
 * queued: a queue would still take every upload onto the disk and into the jobs table. One,
 * because a process runs two jobs at a time (index.ts): a tenant holding both would make
 * every other tenant's jobs wait behind its imports.
 */
export const OPEN_IMPORTS_PER_TENANT = 1;

const tooManyImports = () => new AppError('job.tooManyImports', { limit: OPEN_IMPORTS_PER_TENANT }, 429);

export interface ImportStarter {
  start(request: FastifyRequest, ctx: RequestContext, model: EntityModel, kind: ImportKind): Promise<string>;
  template(model: EntityModel, lang: Lang): Promise<Buffer>;
}

/** The upload streamed into the job store as `name`; answers its file name ('' when the request had no file) and the form's fields. */
async function storeUpload(opts: { request: FastifyRequest; files: JobFiles; tenantId: string; name: string }): Promise<{ fileName: string; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries((opts.request.query ?? {}) as Record<string, unknown>)) if (typeof value === 'string') fields[key] = value;
  let fileName = '';
  for await (const part of opts.request.parts()) {
    if (part.type !== 'file') { fields[part.fieldname] = String(part.value ?? ''); continue; }
    if (fileName) { part.file.resume(); continue; }
    fileName = part.filename || 'import.xlsx';
    await pipeline(part.file, opts.files.writer(opts.tenantId, opts.name));
    if (part.file.truncated) throw uploadTooLarge();
  }
  return { fileName, fields };
}

/**
 * Queues an import: the upload is streamed to the job store and checked against the
 * workbook limits (checkWorkbook) while the request is open — a file past one is refused
 * at once and leaves nothing — then the job is created with the kind's parameters, unless
 * the tenant has OPEN_IMPORTS_PER_TENANT imports open already.
 */
export function importStarter(services: AppServices, store: JobStore, files: JobFiles): ImportStarter {
  return {
    async start(request, ctx, model, kind) {
      await kind.allow(ctx);
      if (!request.isMultipart()) throw badRequest('job.uploadMissing');
      if ((await store.openCount(ctx.tenantId, 'import')) >= OPEN_IMPORTS_PER_TENANT) throw tooManyImports();
      const id = store.newId();
      const name = JobFiles.sourceName(id);
      try {
        const { fileName, fields } = await storeUpload({ request, files, tenantId: ctx.tenantId, name });
        if (!fileName) throw badRequest('job.uploadMissing');
        await checkWorkbook({ file: files.localPath(ctx.tenantId, name), limits: await importLimits(services) })
          // A file that is no workbook at all fails as its job does, with the reason.
          .catch((error: unknown) => { if (error instanceof WorkbookLimitError) throw error; });
        const created = await store.createWithin({ id, ctx, kind: 'import', modelKey: model.key, fileName, params: kind.params(fields), openLimit: OPEN_IMPORTS_PER_TENANT });
        if (!created) throw tooManyImports();
        return id;
      } catch (error) {
        await files.remove(ctx.tenantId, name);
        if (isUploadTooLarge(error)) throw uploadTooLarge();
        throw error;
      }
    },
    template: (model, lang) => templateWorkbook({ name: model.label[lang], fields: importFields(model), lang }),
  };
}
