import type { EntityModel } from '../../shared/schema/entity-model.js';
import { badRequest } from '../../shared/errors.js';
import { fieldNamed } from './conditions.js';
import { camelCase } from '../../shared/schema/names.js';

export const MAX_PAGE_SIZE = 200;

export interface Paging {
  current: number;
  size: number;
}

export interface OrderBy {
  column: string;
  dir: 'asc' | 'desc';
}

function positiveInt(raw: unknown, fallback: number): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function parsePaging(query: Record<string, unknown>): Paging {
  const current = positiveInt(query.current, 1);
  const size = positiveInt(query.size, 10);
  if (current === undefined) throw badRequest('bad.request', { name: 'current' });
  if (size === undefined || size > MAX_PAGE_SIZE) throw badRequest('page.size', { sizes: '10, 30, 50, 100, 200' });
  return { current, size };
}

/** `ascs`/`descs` limited to declared fields (camelCase or snake_case); default the model's sort. */
export function parseOrder(model: EntityModel, query: Record<string, unknown>): OrderBy[] {
  const out: OrderBy[] = [];
  for (const dir of ['asc', 'desc'] as const) {
    const raw = query[`${dir}s`];
    if (typeof raw !== 'string') continue;
    for (const name of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      const field = fieldNamed(model, camelCase(name));
      if (field) out.push({ column: field.column, dir });
    }
  }
  const defaults = model.sort.map((s) => ({ column: fieldNamed(model, s.field)!.column, dir: s.dir }));
  for (const d of defaults) if (!out.some((o) => o.column === d.column)) out.push(d);
  return out;
}
