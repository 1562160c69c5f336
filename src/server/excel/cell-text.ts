import type { CellValue } from 'exceljs';
import { importedText } from './formula-guard.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel keeps dates without a zone; exceljs hands them over as that wall time in UTC. */
export function dateText(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function shownText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return shownText(value.result as CellValue);
  return '';
}

/** What a cell shows, as text, whatever exceljs made of it (an exported formula guard taken off). */
export function cellText(value: CellValue): string {
  return importedText(shownText(value));
}

/** A date cell typed as yyyy/M/d or without the time still reads back. */
export function normalizeDate(text: string): string | undefined {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (date.getUTCMonth() !== +mo - 1 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return undefined;
  return dateText(date);
}
