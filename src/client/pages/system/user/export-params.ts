/** The list's current query as export filters: the search and fixed parameters (deptId), without paging. */
export function exportParams(params: Record<string, unknown>): Record<string, unknown> {
  const { current: _current, size: _size, ...rest } = params;
  return rest;
}
