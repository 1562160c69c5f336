/**
 * System parameters (`blade_param`) for the modules and the import limits. Below the
 * modules: auth (the sign-in failure limit), tenant (its defaults) and excel read them,
 * and none of them owns them.
 */
import type { AppServices } from './app-services.js';
import type { Repository } from './engine/repository.js';
import { systemParamReader } from './engine/system-params.js';

/** A system parameter by key; undefined when absent or blank. */
export function readParam(services: AppServices, key: string, repo: Repository = services.system.repo): Promise<string | undefined> {
  return systemParamReader(services.model('system/param'))(repo, key);
}

/** An integer parameter value, else the fallback (absent or not an integer). */
export function integerParam(value: string | undefined, fallback: number): number {
  return value !== undefined && /^-?\d{1,9}$/.test(value) ? Number(value) : fallback;
}
