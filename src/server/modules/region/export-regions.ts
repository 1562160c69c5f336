import { translate } from '../../../shared/i18n/translate.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { regionWorkbook } from './region-sheet.js';

const PAGE_SIZE = 200;
/** The order of an export of the regions: by code, so parents come before their children (an import needs them first). */
export const REGION_EXPORT_ORDER = { ascs: 'code' } as const;

/** Every region the caller may read, by code, through the engine's paged list (its access checks included). */
export async function exportRegions(services: AppServices, ctx: RequestContext): Promise<Buffer> {
  const model = services.model('base/region');
  const endpoint = model.endpoints.list;
  const rows: EntityRecord[] = [];
  for (let current = 1; ; current += 1) {
    const page = await services.resources.page(model, endpoint, ctx, { current: String(current), size: String(PAGE_SIZE), ...REGION_EXPORT_ORDER });
    rows.push(...page.records);
    if (page.records.length < PAGE_SIZE) break;
  }
  return regionWorkbook({ model, lang: ctx.lang, title: translate(ctx.lang, 'region.exportName'), rows });
}
