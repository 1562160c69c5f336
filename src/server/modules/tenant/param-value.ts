import { systemContext, type AppServices } from '../../app-services.js';
import type { Repository } from '../../engine/repository.js';
import { equalTo } from './tenant-records.js';

/** A system parameter (`blade_param`) by key; undefined when absent or blank. */
export async function readParam(services: AppServices, key: string, repo: Repository = services.system.repo): Promise<string | undefined> {
  const model = services.model('system/param');
  const [param] = await repo.list(model, systemContext(), { conditions: [equalTo(model, 'paramKey', key)], order: [] });
  const value = String(param?.paramValue ?? '').trim();
  return value || undefined;
}

/** An integer parameter value, else the fallback (absent or not an integer). */
export function integerParam(value: string | undefined, fallback: number): number {
  return value !== undefined && /^-?\d{1,9}$/.test(value) ? Number(value) : fallback;
}
