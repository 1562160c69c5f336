import { AppError, notFound } from '../../../shared/errors.js';
import { readWorkbookUpload } from '../../excel/workbook-upload.js';
import type { AppServices } from '../../app-services.js';
import type { WorkbookEndpoints } from '../../engine/workbook-endpoints.js';
import { exportStream, templateWorkbook } from './export-workbook.js';
import { exportKindOf, importKindOf } from './job-kinds.js';
import { importFields } from './sheet-fields.js';

/** The request's list query as an export keeps it: text values, paging the export's own. */
function listQuery(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (key !== 'current' && key !== 'size' && typeof value === 'string') out[key] = value;
  return out;
}

/**
 * The synchronous BladeX workbook endpoints (x-api kinds export, export-template, import,
 * import-errors) on the jobs' own code: the entity's export kind written by the one export
 * writer, the template of its import's columns, the upload imported whole by its import
 * kind's `whole` answer (import-whole.ts), and the annotated workbook that answer kept of a
 * rejected upload. Installed into the engine at setup.
 */
export function syncWorkbooks(services: AppServices): WorkbookEndpoints {
  return {
    async exportStream({ model, ctx, query }) {
      const kind = exportKindOf(services, model);
      if (!kind) throw notFound();
      const source = await kind.open(ctx, { query: listQuery(query), columns: '' });
      return exportStream({ services, model, ctx, source });
    },
    async template({ model, ctx, name }) {
      const kind = importKindOf(services, model);
      if (!kind) throw notFound();
      return templateWorkbook({ name, fields: kind.templateFields?.() ?? importFields(model), lang: ctx.lang, required: model.required });
    },
    async importWhole({ model, ctx, request }) {
      const whole = importKindOf(services, model)?.whole;
      if (!whole) throw notFound();
      const { file, fields } = await readWorkbookUpload(request, whole.missing);
      return whole.run({ ctx, file, fields, query: (request.query ?? {}) as Record<string, unknown> });
    },
    async errorWorkbook({ model, ctx, id }) {
      const kept = importKindOf(services, model)?.whole?.errorWorkbooks;
      if (!kept) throw notFound();
      const workbook = await kept.find(ctx, id);
      if (!workbook) throw new AppError(kept.gone, undefined, 404);
      return workbook;
    },
  };
}
