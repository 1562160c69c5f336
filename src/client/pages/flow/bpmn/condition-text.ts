/** A sequence flow's condition as variable / operator / value, and back. */
export const OPERATORS = ['==', '!=', '>', '>=', '<', '<=', 'true', 'false'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface ConditionParts {
  variable: string;
  operator: Operator;
  value: string;
}

const quote = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) || value === 'true' || value === 'false' ? value : `'${value.replace(/'/g, "\\'")}'`);

/** `${days > 3}`, `${pass}` (operator true), `${!pass}` (operator false). */
export function conditionText({ variable, operator, value }: ConditionParts): string {
  if (!variable) return '';
  if (operator === 'true') return `\${${variable}}`;
  if (operator === 'false') return `\${!${variable}}`;
  if (!value) return '';
  return `\${${variable} ${operator} ${quote(value)}}`;
}

/** The parts of a condition the builder can show; undefined when only free text fits. */
export function parseCondition(text: string): ConditionParts | undefined {
  const body = /^\$\{\s*(.*?)\s*\}$/.exec(text.trim())?.[1];
  if (body === undefined) return undefined;
  const flag = /^(!?)([A-Za-z_]\w*)$/.exec(body);
  if (flag) return { variable: flag[2], operator: flag[1] ? 'false' : 'true', value: '' };
  const cmp = /^([A-Za-z_]\w*)\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(body);
  if (!cmp) return undefined;
  return { variable: cmp[1], operator: cmp[2] as Operator, value: cmp[3].replace(/^'(.*)'$/, '$1') };
}
