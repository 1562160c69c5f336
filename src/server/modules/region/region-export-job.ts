import { translate } from '../../../shared/i18n/translate.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { fieldsSource, type ExportKind } from '../job/export-source.js';
import { regionCell, sheetFields } from './region-sheet.js';

/** The order of an export of the regions: by code, so parents come before their children (an import needs them first). */
const REGION_EXPORT_ORDER = { ascs: 'code' } as const;

/**
 * Regions exported (the console's 导出 job, and BladeX's synchronous `export-region`):
 * every region the caller may read, by code, whatever the
 * screen's tree shows; the region workbook's columns with the values as saved (an exported
 * file imports back) — read through the engine's export path.
 */
export function regionExport(_services: AppServices, model: EntityModel): ExportKind {
  return {
    async open(ctx) {
      return fieldsSource({
        name: translate(ctx.lang, 'region.exportName'),
        lang: ctx.lang,
        endpoint: model.endpoints.list,
        query: { ...REGION_EXPORT_ORDER },
        fields: sheetFields(model),
        required: model.required,
        cell: regionCell,
      });
    },
  };
}
