import type { EntityModel, FieldModel } from '../../../shared/schema/entity-model.js';
import type { RowScope } from '../access-policy.js';
import type { Condition } from '../conditions.js';

/** A row as a write logs it: column → text, boolean or null; a column left out is unknown. */
export type LoggedRow = Record<string, string | boolean | null>;

/** Whether a logged row is counted by a list's filter; undefined when its values cannot tell. */
export type RowMatcher = (row: LoggedRow) => boolean | undefined;

type Test = (value: string | boolean | null) => boolean | undefined;

const INTEGRAL = new Set(['id', 'integer']);

/** Whether a field holds integers (ids, integers). */
export const isIntegral = (field: { type: string }): boolean => INTEGRAL.has(field.type);

function integral(text: unknown): bigint | undefined {
  try {
    return typeof text === 'string' || typeof text === 'number' ? BigInt(String(text).trim()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The condition as PostgreSQL evaluates it, for the operators and types where JavaScript
 * gives the same answer (text comparison by code points, `like` without a collation, whole
 * numbers); undefined for the rest (dates, decimals, ordering of text), which then count anew.
 */
function testOf(field: FieldModel, op: Condition['op'], wanted: unknown): Test | undefined {
  if (op === 'null') return (v) => v === null;
  if (op === 'notnull') return (v) => v !== null;
  const isText = field.type === 'string';
  if (!isText && !isIntegral(field)) return undefined;
  const text = (v: string | boolean | null) => (typeof v === 'string' ? v : undefined);
  const likes: Partial<Record<Condition['op'], (s: string, w: string) => boolean>> = {
    like: (s, w) => s.includes(w), notlike: (s, w) => !s.includes(w), likeleft: (s, w) => s.endsWith(w), likeright: (s, w) => s.startsWith(w),
  };
  const like = likes[op];
  if (like) {
    const w = String(wanted);
    return (v) => (v === null ? false : text(v) === undefined ? undefined : like(text(v)!, w));
  }
  const wantedList = op === 'in' ? (wanted as unknown[]) : [wanted];
  if (isText) {
    const ws = wantedList.map(String);
    if (op === 'equal' || op === 'in') return (v) => (v === null ? false : text(v) === undefined ? undefined : ws.includes(text(v)!));
    if (op === 'notequal') return (v) => (v === null ? false : text(v) === undefined ? undefined : text(v) !== ws[0]);
    return undefined;
  }
  const ns = wantedList.map(integral);
  if (ns.some((n) => n === undefined)) return undefined;
  const compare: Partial<Record<Condition['op'], (a: bigint, b: bigint) => boolean>> = {
    equal: (a, b) => a === b, in: (a, b) => a === b, notequal: (a, b) => a !== b, gt: (a, b) => a > b, ge: (a, b) => a >= b, lt: (a, b) => a < b, le: (a, b) => a <= b,
  };
  const cmp = compare[op];
  if (!cmp) return undefined;
  return (v) => {
    if (v === null) return false;
    const n = integral(v);
    return n === undefined ? undefined : ns.some((w) => cmp(n, w!));
  };
}

function allOf(conditions: Condition[]): RowMatcher | undefined {
  const tests: [string, Test][] = [];
  for (const c of conditions) {
    const test = testOf(c.field, c.op, c.value);
    if (!test) return undefined;
    tests.push([c.field.column, test]);
  }
  return (row) => {
    let unknown = false;
    for (const [column, test] of tests) {
      if (!(column in row)) { unknown = true; continue; }
      const r = test(row[column]);
      if (r === false) return false;
      if (r === undefined) unknown = true;
    }
    return unknown ? undefined : true;
  };
}

/**
 * The page query's WHERE (tenant, live rows, filters, data scope) as a function of a logged
 * row, so a cached total can follow each write; undefined when any part cannot be evaluated.
 */
export function rowMatcher(model: EntityModel, tenantId: string, conditions: Condition[], scope: RowScope): RowMatcher | undefined {
  const where = allOf(conditions);
  const groups = scope?.map(allOf);
  if (!where || groups?.some((g) => g === undefined)) return undefined;
  return (row) => {
    if (model.tenancy === 'tenant' && row.tenant_id !== tenantId) return 'tenant_id' in row ? false : undefined;
    if (model.logicalDelete && row.is_deleted !== '0') return 'is_deleted' in row ? false : undefined;
    const own = where(row);
    if (own === false || !groups) return own;
    let any: boolean | undefined = false;
    for (const g of groups) {
      const r = g!(row);
      if (r === true) return own;
      if (r === undefined) any = undefined;
    }
    return any;
  };
}
