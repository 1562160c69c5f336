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
