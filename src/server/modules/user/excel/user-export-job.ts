import { translate } from '../../../../shared/i18n/translate.js';
import type { EntityModel } from '../../../../shared/schema/entity-model.js';
import type { AppServices } from '../../../app-services.js';
import { fieldsSource, type ExportKind } from '../../job/export-source.js';
import { requireUserAdmin } from '../admin-guard.js';
import { UserCatalog } from '../user-catalog.js';
import { createUserDeps } from '../user-deps.js';
import { sheetFields, toCell } from './user-sheet.js';

/**
 * Users exported as a background job (the console's 导出): what the synchronous
 * `export-user` gives — only to a user administrator, the `page` filters with `deptId`
 * (that department's subtree), the user workbook's columns (never the password) and
 * names for roles, departments, posts and dictionary values — read through the engine's
 * export path.
 */
export function userExport(services: AppServices, model: EntityModel): ExportKind {
  return {
    async open(ctx, params) {
      requireUserAdmin(ctx);
      const { queries } = createUserDeps(services);
      const { deptId, ...query } = params.query;
      const [endpoint, catalog] = await Promise.all([queries.endpoint(ctx, deptId), UserCatalog.load(services, model, ctx)]);
      return fieldsSource({
        name: translate(ctx.lang, 'user.exportName'),
        lang: ctx.lang,
        endpoint,
        query,
        fields: sheetFields(model),
        required: model.required,
        cell: (field, record) => toCell(field, record[field.name], catalog),
      });
    },
  };
}
