import type { EntityModel, ListView } from './entity-model.js';

/** The sizes a list offers when its schema names none (x-list.pageSizes, spec §9). */
export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 30, 50, 100, 200];

/** The size a list starts with: 10 when offered (spec §9), else its first size. */
export function defaultPageSize(view: Pick<ListView, 'pageSizes'>): number {
  return view.pageSizes.includes(10) ? 10 : (view.pageSizes[0] ?? 10);
}

/** The largest page an API caller may ask of an entity: the largest size its lists offer. */
export function largestPageSize(model: Pick<EntityModel, 'list'>): number {
  const views = [model.list, model.list.children].filter((v): v is ListView => v !== undefined);
  return Math.max(...views.flatMap((v) => v.pageSizes));
}
