import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { badRequest } from '../../../shared/errors.js';
import { fieldNamed } from '../conditions.js';
import { camelCase } from '../../../shared/schema/names.js';
import { defaultPageSize, largestPageSize } from '../../../shared/schema/page-sizes.js';
import { invalidParam, MAX_PAGE_NUMBER, singleText } from '../input-rules.js';


export interface Paging {
  current: number;
  size: number;
}

export interface OrderBy {
  column: string;
  dir: 'asc' | 'desc';
}

/** A page number or size: digits only (no `1e3`, `0x10`, `1.5`, ` 5`), within 1..max. */
function wholeNumber(name: string, raw: unknown, fallback: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  const text = singleText(name, raw, 20);
  if (!/^\d{1,20}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/** `current` and `size` of a page request; a size is at most the largest the entity's lists offer. */
export function parsePaging(model: EntityModel, query: Record<string, unknown>): Paging {
  const max = largestPageSize(model);
  const current = wholeNumber('current', query.current, 1, MAX_PAGE_NUMBER);
  const size = wholeNumber('size', query.size, defaultPageSize(model.list), max);
  if (current === undefined) throw invalidParam('current');
  if (size === undefined) throw badRequest('request.pageSize', { max });
  return { current, size };
}

/** `ascs`/`descs` limited to declared fields (camelCase or snake_case); default the model's sort. */
export function parseOrder(model: EntityModel, query: Record<string, unknown>, sort: EntityModel['sort'] = model.sort): OrderBy[] {
  const out: OrderBy[] = [];
  for (const dir of ['asc', 'desc'] as const) {
    const raw = query[`${dir}s`];
    if (typeof raw !== 'string') continue;
    for (const name of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      const field = fieldNamed(model, camelCase(name));
      if (field) out.push({ column: field.column, dir });
    }
  }
  const defaults = sort.map((s) => ({ column: fieldNamed(model, s.field)!.column, dir: s.dir }));
  for (const d of defaults) if (!out.some((o) => o.column === d.column)) out.push(d);
  return out;
}
