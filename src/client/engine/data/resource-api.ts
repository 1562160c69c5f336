import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { request } from '../../api/http';
import { actionFor, hasEndpoint, urlFor } from './endpoints';
import { thenRefreshOptions } from './option-freshness';
import type { TreeRow } from './tree';

/** A record as the API answers it. */
export type ResourceRow = TreeRow;

/** Rows of one list request: a page's records, or the nodes of a tree endpoint. */
export interface RowsResult {
  rows: ResourceRow[];
  total: number;
}

/** The key identifying a row: its primary key, else its id. */
export function keyOf(model: EntityModel, row: ResourceRow): string {
  return String(row[model.primaryKey] ?? row.id ?? '');
}

/** Answers of page endpoints ({records,total}) and of list/tree endpoints (arrays) alike. */
export function asRowsResult(data: unknown): RowsResult {
  if (Array.isArray(data)) return { rows: data as ResourceRow[], total: data.length };
  const page = (data ?? {}) as { records?: ResourceRow[]; total?: number | string };
  const rows = Array.isArray(page.records) ? page.records : [];
  return { rows, total: Number(page.total ?? rows.length) };
}

export async function fetchRows(input: {
  model: EntityModel;
  view: ListView;
  params: Record<string, unknown>;
}): Promise<RowsResult> {
  const data = await request<unknown>({ url: urlFor(input.model, input.view.endpoint), params: input.params });
  return asRowsResult(data);
}

/** The row as `detail` answers it now (edit and view re-fetch); the row itself without a detail endpoint. */
export async function fetchDetail(model: EntityModel, row: ResourceRow): Promise<ResourceRow> {
  if (!hasEndpoint(model, 'detail')) return row;
  const url = urlFor(model, actionFor(model, 'detail'));
  const data = await request<ResourceRow | null>({ url, params: { [model.primaryKey]: keyOf(model, row) } });
  return data ?? row;
}

/** POST submit: insert without a key, update with it. */
export async function submitRecord(model: EntityModel, record: Record<string, unknown>): Promise<unknown> {
  return thenRefreshOptions(model, request({ method: 'POST', url: urlFor(model, actionFor(model, 'submit')), data: record }));
}

/** POST remove?ids=a,b */
export async function removeRows(model: EntityModel, keys: string[]): Promise<unknown> {
  return thenRefreshOptions(model, request({ method: 'POST', url: urlFor(model, actionFor(model, 'remove')), params: { ids: keys.join(',') } }));
}
