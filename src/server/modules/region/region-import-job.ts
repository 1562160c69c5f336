import { badRequest } from '../../../shared/errors.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { entityImport, type ImportKind } from '../job/import-target.js';
import { sheetFields } from './region-sheet.js';

const codeOf = (values: Record<string, unknown>, field: string) => String(values[field] ?? '');

/**
 * Regions imported as a background job (the console's 行政区划数据导入): the rows of the
 * synchronous `import-region`, per row instead of all or nothing. Each row is read as the
 * entity import reads it (labels or keys of dictionaries, numbers) and saved with submit's
 * rules (schema, tree, ancestors) in the batch's transaction. A code that exists is
 * refused, or updated with 数据覆盖 (`isCovered`); a row whose parent is neither saved nor
 * written earlier in the import is refused. Within a batch parents are written before
 * their children whatever the file's order (codes grow by level); across batches the
 * file's order counts — an exported file (by code) always has its parents first.
 */
export function regionImport(services: AppServices, model: EntityModel): ImportKind {
  const base = entityImport(services, model);
  const root = model.tree?.root ?? '0';
  return {
    allow: base.allow,
    params: (fields) => ({ isCovered: fields.isCovered === '1' || fields.isCovered === 'true' }),
    templateFields: () => sheetFields(model),
    async open(run) {
      const { ctx } = run;
      const isCovered = run.params.isCovered === true;
      const target = await base.open(run);
      return {
        ...target,
        fields: sheetFields(model),
        required: [...model.required, 'parentCode'],
        async checkBatch(rows) {
          rows.sort((a, b) => codeOf(a.values, 'code').length - codeOf(b.values, 'code').length);
        },
        async write(repo, row) {
          const code = codeOf(row.values, 'code');
          const parent = codeOf(row.values, 'parentCode');
          if (code && !isCovered && (await repo.findByKey(model, ctx, code))) throw badRequest('region.codeExists', { code });
          if (parent && parent !== root && !(await repo.findByKey(model, ctx, parent))) throw badRequest('region.parentMissing', { code: parent });
          await services.resources.submitIn({ repo, model, ctx, body: row.values });
        },
      };
    },
  };
}
