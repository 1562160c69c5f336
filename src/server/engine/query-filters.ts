import type { EndpointModel, EntityModel, FilterOp } from '../../shared/schema/entity-model.js';
import { fieldOf, isCallerValue } from '../../shared/schema/entity-model.js';
import type { RequestContext } from './request-context.js';
import { FILTER_OPS } from '../../shared/schema/entity-model.js';
import { isEmpty } from '../../shared/is-empty.js';
import { coerceValue, fieldNamed, type Condition } from './conditions.js';

/** Query keys that are never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', 'Blade-Auth', 'ids', 'lang']);
const VALUELESS: FilterOp[] = ['null', 'notnull'];
const SUFFIXES = [...FILTER_OPS].sort((a, b) => b.length - a.length);

function splitKey(key: string): { stem: string; op?: FilterOp } {
  for (const op of SUFFIXES) {
    if (key.endsWith(`_${op}`)) return { stem: key.slice(0, -(op.length + 1)), op };
  }
  return { stem: key };
}

function plainOp(model: EntityModel, fieldName: string): FilterOp | undefined {
  const views = [model.list, model.list.children].filter(Boolean);
  for (const view of views) {
    const key = view!.search.find((s) => s.field === fieldName);
    if (key) return key.op;
  }
  return undefined;
}

/** The endpoint's fixed predicates (a `{caller}` value the caller's own) and declared parameters. */
export function endpointConditions({ model, endpoint, query, ctx }: { model: EntityModel; endpoint: EndpointModel; query: Record<string, unknown>; ctx: RequestContext }): Condition[] {
  const out: Condition[] = endpoint.where.map((w) => {
    const field = fieldOf(model, w.field)!;
    return { field, op: w.op, value: isCallerValue(w.value) ? ctx[w.value.caller] : w.value };
  });
  for (const [name, p] of Object.entries(endpoint.params)) {
    const raw = isEmpty(query[name]) ? p.default : query[name];
    if (raw === undefined) continue;
    const field = fieldOf(model, p.field)!;
    out.push({ field, op: p.op, value: coerceValue(field, p.op, raw) });
  }
  return out;
}

/**
 * BladeX map filters: `<field>` (the search key's op, else like for text and equal
 * otherwise) and `<field>_<op>`. Keys naming no declared field are ignored, so a
 * request can never put a name of its own into SQL; a repeated key naming one is a 400.
 */
export function searchConditions(model: EntityModel, endpoint: EndpointModel, query: Record<string, unknown>): Condition[] {
  if (!endpoint.searchable) return [];
  const out: Condition[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || key in endpoint.params || key.endsWith('_ignore')) continue;
    const { stem, op: suffixOp } = splitKey(key);
    const field = fieldNamed(model, stem);
    if (!field) continue;
    const op = suffixOp ?? plainOp(model, stem) ?? (field.type === 'string' && !field.dict ? 'like' : 'equal');
    if (VALUELESS.includes(op)) {
      out.push({ field, op });
      continue;
    }
    if (isEmpty(raw)) continue;
    out.push({ field, op, value: coerceValue(field, op, raw) });
  }
  return out;
}
