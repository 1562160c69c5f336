import type { Db } from '../../db/database.js';
import type { RequestContext } from '../../engine/request-context.js';
import { fieldOf, type EntityModel, type Lang, type NumberFormat } from '../../../shared/schema/entity-model.js';
import { approvalModels } from './entity-approvals.js';
import { flowError } from './flow-messages.js';

/** An x-flow request's row as its approvers see it (the handle and detail pages). */
export interface BusinessView { entity: string; name: string; fields: { name: string; label: string; value: string }[] }

/**
 * business-view: the fields an x-flow schema shows its approvers (`x-flow.fields`), labelled in
 * the caller's language, values in words (value labels, units). The caller was checked to read
 * the instance (History.readable): an approver needs no right on the entity's own screen.
 */
export async function businessView(db: Db, { ctx, models, instance }: { ctx: RequestContext; models: EntityModel[]; instance: { business_table: string; business_id: string } }): Promise<BusinessView> {
  const model = approvalModels(models).find((m) => m.table === instance.business_table);
  if (!model) throw flowError('approvalRowMissing');
  const key = fieldOf(model, model.primaryKey)!.column;
  const row = await db.selectFrom(model.table).selectAll().where(key, '=', instance.business_id).where('tenant_id', '=', ctx.tenantId)
    .executeTakeFirst() as Record<string, unknown> | undefined;
  if (!row) throw flowError('approvalRowMissing');
  const lang = ctx.lang;
  return {
    entity: model.key,
    name: model.label[lang] ?? model.label.zh,
    fields: model.flow!.fields.map((name) => {
      const field = fieldOf(model, name)!;
      const raw = row[field.column];
      const text = raw === null || raw === undefined ? '' : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw);
      const worded = field.valueLabels?.[text]?.[lang] ?? text;
      return { name, label: field.label[lang] ?? field.label.zh, value: field.format && worded ? formatted(Number(worded), { format: field.format, lang }) : worded };
    }),
  };
}

function formatted(value: number, { format, lang }: { format: NumberFormat; lang: Lang }): string {
  if (!Number.isFinite(value)) return '';
  const shown = (value / (format.divisor || 1)).toFixed(format.decimals ?? 0);
  return `${shown} ${format.unit[lang] ?? format.unit.zh}`;
}
