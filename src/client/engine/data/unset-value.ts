import { isEmpty } from '../../../shared/is-empty';
import type { EntityModel, FieldUnset, Lang } from '../../../shared/schema/entity-model';

/** Whether a value means "not set" (`x-unset`): empty, or a number at most `atMost`. */
export function isUnset(unset: FieldUnset, value: unknown): boolean {
  if (isEmpty(value)) return true;
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return unset.atMost !== undefined && Number.isFinite(number) && number <= unset.atMost;
}

/**
 * A record for the view dialog: each `x-unset` field whose value means "not set" carries
 * the label instead (a quota of -1 reads 不限制), as the list shows it; the form shows
 * these fields as text (`buildFormSpec`, view mode).
 */
export function withUnsetLabels(model: EntityModel, record: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const out = { ...record };
  for (const field of model.fields) {
    if (!field.unset) continue;
    if (isUnset(field.unset, record[field.name])) out[field.name] = field.unset.label[lang];
    else out[field.name] = String(record[field.name]);
  }
  return out;
}
