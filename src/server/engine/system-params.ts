import { fieldOf, type EntityModel } from '../../shared/schema/entity-model.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';

export type ParamReader = (repo: Repository, key: string) => Promise<string | undefined>;

const SYSTEM: RequestContext = { tenantId: '000000', userId: '0', deptId: '0', lang: 'zh', isSystem: true };

/** Reads a system parameter (`system/param`, BladeX blade_param) by key: undefined when absent or blank, or when there is no param entity. */
export function systemParamReader(model: EntityModel | undefined): ParamReader {
  return async (repo, key) => {
    const field = model && fieldOf(model, 'paramKey');
    if (!model || !field) return undefined;
    const [row] = await repo.list(model, SYSTEM, { conditions: [{ field, op: 'equal', value: key }], order: [] });
    const value = String(row?.paramValue ?? '').trim();
    return value || undefined;
  };
}
