import { badRequest } from '../../../shared/errors.js';
import { isIdText } from '../../engine/input-rules.js';

/** Ids sent by a client (JSON array or comma-joined text); anything but ids is a 400. */
export function idList(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = items.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '?')).filter(Boolean);
  if (ids.some((id) => !isIdText(id))) throw badRequest('param.invalid', { name });
  return [...new Set(ids)];
}

/** Ids stored comma-joined in a column (user roleId, deptId, package menuId); junk is skipped. */
export function storedIds(raw: unknown): string[] {
  return [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter((s) => isIdText(s)))];
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && isIdText(value);
}
