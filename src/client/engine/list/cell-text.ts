import type { FieldModel, Lang, NumberFormat } from '../../../shared/schema/entity-model';


/**
 * Text of a plain cell: rich text without its tags, a number with an `x-format` as
 * "20 KB", anything else as it came (datetimes included).
 */
export function cellText(field: FieldModel | undefined, value: unknown, lang: Lang): string {
  if (value === undefined || value === null) return '';
  if (field?.widget === 'richtext') return String(value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (field?.format && value !== '' && Number.isFinite(Number(value))) return formatNumber(Number(value), field.format, lang);
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function formatNumber(value: number, format: NumberFormat, lang: Lang): string {
  const scaled = value / format.divisor;
  const factor = 10 ** format.decimals;
  return `${Math.round(scaled * factor) / factor} ${format.unit[lang]}`;
}
