/** What a toolbar action needs selected. */
export type SelectionRule = 'at-least-one' | 'exactly-one';

/** Why a selection does not fit the rule (the message key to show), or undefined when it fits. */
export function selectionProblem(count: number, rule: SelectionRule): 'selectAtLeastOne' | 'selectOnlyOne' | undefined {
  if (count === 0) return 'selectAtLeastOne';
  if (rule === 'exactly-one' && count > 1) return 'selectOnlyOne';
  return undefined;
}

/** Ids of rows joined for BladeX list parameters (`userIds=a,b`). */
export function joinIds(rows: { id?: unknown }[]): string {
  return rows.map((row) => String(row.id ?? '')).filter((id) => id !== '').join(',');
}
