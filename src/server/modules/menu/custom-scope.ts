import type { Lang } from '../../../shared/schema/entity-model.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { menuText } from './messages.js';

/** Data scope type 5 (dict data_scope_type): a declarative rule in scopeValue. */
export const CUSTOM_SCOPE_TYPE = 5;

const OPS = new Set(['equal', 'notequal', 'like', 'in', 'gt', 'lt', 'ge', 'le']);
const COLUMN = /^[a-z][a-z0-9_]*$/;
const PLACEHOLDERS = new Set(['userId', 'deptId', 'tenantId', 'roleId', 'account']);
const ITEM_KEYS = ['field', 'op', 'value'];

interface RuleContext {
  lang: Lang;
  resource: string;
  /** Columns of the scoped entity, when the resource code names one. */
  columns?: Set<string>;
}

function itemProblem(item: unknown, n: number, rc: RuleContext): string | undefined {
  const text = (key: Parameters<typeof menuText>[1], params: Record<string, unknown> = {}) => menuText(rc.lang, key, { n, ...params });
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return text('scopeValueItem');
  const keys = Object.keys(item);
  if (keys.length !== ITEM_KEYS.length || !ITEM_KEYS.every((k) => keys.includes(k))) return text('scopeValueItem');
  const { field, op, value } = item as Record<string, unknown>;
  if (typeof field !== 'string' || !COLUMN.test(field)) return text('scopeValueField');
  if (rc.columns && !rc.columns.has(field)) return text('scopeValueColumn', { field, resource: rc.resource });
  if (typeof op !== 'string' || !OPS.has(op)) return text('scopeValueOp');
  if (typeof value !== 'string' && typeof value !== 'number') return text('scopeValueValue');
  const unknown = String(value).match(/\$\{[^}]*\}/g)?.find((p) => !PLACEHOLDERS.has(p.slice(2, -1)));
  return unknown ? text('scopeValuePlaceholder', { placeholder: unknown }) : undefined;
}

/**
 * Why a custom rule value is malformed, in the caller's language; undefined when it is
 * a non-empty JSON array of {field, op, value} (format in docs/decisions.md).
 */
export function customScopeProblem(value: unknown, rc: RuleContext): string | undefined {
  if (isEmpty(value)) return menuText(rc.lang, 'scopeValueMissing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    return menuText(rc.lang, 'scopeValueShape');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return menuText(rc.lang, 'scopeValueShape');
  for (const [i, item] of parsed.entries()) {
    const problem = itemProblem(item, i + 1, rc);
    if (problem) return problem;
  }
  return undefined;
}
