import type { SearchKey } from '../../../shared/schema/entity-model';
import { isEmpty } from '../../../shared/is-empty';

/**
 * Values of the search form, by query parameter: `paramName` for a plain key (the server
 * applies the key's operator), `createTime_dategt` / `createTime_datelt` for a range.
 */
export type SearchValues = Record<string, unknown>;

/** Query parameters of a range key: [from, to]. */
export function rangeParams(field: string): [string, string] {
  return [`${field}_dategt`, `${field}_datelt`];
}

/** Parameter names a search form may fill, in form order. */
export function searchParamNames(keys: SearchKey[]): string[] {
  return keys.flatMap((key) => (key.range ? rangeParams(key.field) : [key.field]));
}

/** The non-empty search values, restricted to the view's declared keys. */
export function searchParams(keys: SearchKey[], values: SearchValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of searchParamNames(keys)) {
    const raw = values[name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmpty(value)) out[name] = value;
  }
  return out;
}

export interface SortState {
  id: string;
  desc: boolean;
}

/** Table sorting → BladeX `ascs` / `descs` (comma lists of field names). */
export function sortParams(sorting: SortState[]): Record<string, string> {
  const ascs = sorting.filter((s) => !s.desc).map((s) => s.id);
  const descs = sorting.filter((s) => s.desc).map((s) => s.id);
  return {
    ...(ascs.length ? { ascs: ascs.join(',') } : {}),
    ...(descs.length ? { descs: descs.join(',') } : {}),
  };
}

/** Zero-based table page → BladeX `current` (one-based) and `size`. */
export function pageParams(pagination: { pageIndex: number; pageSize: number }): { current: number; size: number } {
  return { current: pagination.pageIndex + 1, size: pagination.pageSize };
}
