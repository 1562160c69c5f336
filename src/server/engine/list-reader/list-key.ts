import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import { conditionsKey } from '../conditions.js';
import type { RowScope } from '../access-policy.js';
import type { ReadQuery } from './read-query.js';
import { isIntegral } from './row-matcher.js';

const scopeKey = (scope?: RowScope) => (scope ? JSON.stringify(scope.map(conditionsKey)) : 'all');

/** What a list's cached total, first-page keys, anchors and rows are kept under: its tenant, filters and data scope. */
export function listKeyOf(read: Omit<ReadQuery, 'order'>): string {
  return `${read.model.tenancy === 'tenant' ? read.ctx.tenantId : '*'}|${conditionsKey(read.conditions)}|${scopeKey(read.scope)}`;
}

/** The list's key and order when it is ordered by an integral primary key alone, in the platform's database. */
export function keyOrderOf(read: Pick<ReadQuery, 'model' | 'order'>): { pk: string; desc: boolean; dir: 'asc' | 'desc' } | undefined {
  const { model, order } = read;
  const key = keyFieldOf(model);
  if (model.datasource || order.length !== 1 || order[0].column !== key.column || !isIntegral(key)) return undefined;
  return { pk: key.column, desc: order[0].dir === 'desc', dir: order[0].dir };
}
