import type { Lang } from '../../../shared/schema/entity-model';
import type { ValueFormat } from './report-api';

const locale = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en-US');

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, format: ValueFormat): Intl.NumberFormat {
  const key = `${lang}:${format}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions =
      format === 'money' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : format === 'percent' ? { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }
          : format === 'integer' ? { maximumFractionDigits: 0 } : { maximumFractionDigits: 2 };
    f = new Intl.NumberFormat(locale(lang), options);
    formatters.set(key, f);
  }
  return f;
}

/** A figure as the console's language writes it: 1,234.50 / 12.5% / 2025年3月15日 / Mar 15, 2025; text as it is. */
export function formatValue(value: unknown, format: ValueFormat, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'date') return formatDate(String(value), lang);
  if (format === 'text') return String(value);
  return numberFormat(lang, format).format(Number(value));
}

/** A yyyy-MM month label in the console's language (2025-03 → 2025年3月 / Mar 2025). */
export function formatMonth(value: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return value;
  return new Intl.DateTimeFormat(locale(lang), { year: 'numeric', month: 'short' }).format(new Date(Number(m[1]), Number(m[2]) - 1, 1));
}

/** A yyyy-MM-dd date in the console's language (2025-03-15 → 2025年3月15日 / Mar 15, 2025); anything else as it is. */
export function formatDate(value: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return new Intl.DateTimeFormat(locale(lang), { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
