import { message, type Message, type TextKey } from '../../../shared/i18n/translate.js';
import { isEmpty } from '../../../shared/is-empty.js';

/** Data scope type 5 (dict data_scope_type): a declarative rule in scopeValue. */
export const CUSTOM_SCOPE_TYPE = 5;

const OPS = new Set(['equal', 'notequal', 'like', 'in', 'gt', 'lt', 'ge', 'le']);
const COLUMN = /^[a-z][a-z0-9_]*$/;
const PLACEHOLDERS = new Set(['userId', 'deptId', 'tenantId', 'roleId', 'account']);
const ITEM_KEYS = ['field', 'op', 'value'];

interface RuleContext {
  resource: string;
  /** Columns of the scoped entity, when the resource code names one. */
  columns?: Set<string>;
}

function itemProblem(item: unknown, n: number, rc: RuleContext): Message | undefined {
  const text = (key: TextKey, params: Record<string, unknown> = {}) => message(key, { n, ...params });
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return text('menu.scopeValueItem');
  const keys = Object.keys(item);
  if (keys.length !== ITEM_KEYS.length || !ITEM_KEYS.every((k) => keys.includes(k))) return text('menu.scopeValueItem');
  const { field, op, value } = item as Record<string, unknown>;
  if (typeof field !== 'string' || !COLUMN.test(field)) return text('menu.scopeValueField');
  if (rc.columns && !rc.columns.has(field)) return text('menu.scopeValueColumn', { field, resource: rc.resource });
  if (typeof op !== 'string' || !OPS.has(op)) return text('menu.scopeValueOp');
  if (typeof value !== 'string' && typeof value !== 'number') return text('menu.scopeValueValue');
  const unknown = String(value).match(/\$\{[^}]*\}/g)?.find((p) => !PLACEHOLDERS.has(p.slice(2, -1)));
  return unknown ? text('menu.scopeValuePlaceholder', { placeholder: unknown }) : undefined;
}

/**
 * Why a custom rule value is malformed; undefined when it is
 * a non-empty JSON array of {field, op, value} (format in docs/decisions/0005-roles-departments-menus.md).
 */
export function customScopeProblem(value: unknown, rc: RuleContext): Message | undefined {
  if (isEmpty(value)) return message('menu.scopeValueMissing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    return message('menu.scopeValueShape');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return message('menu.scopeValueShape');
  for (const [i, item] of parsed.entries()) {
    const problem = itemProblem(item, i + 1, rc);
    if (problem) return problem;
  }
  return undefined;
}
