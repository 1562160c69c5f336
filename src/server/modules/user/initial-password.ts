import { systemContext, type AppServices } from '../../app-services.js';
import type { Repository } from '../../engine/repository.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import { hashPassword } from '../../engine/field-transforms.js';
import { md5Hex } from '../../seed/run-seed.js';

const PARAM_KEY = 'account.initPassword';
const FALLBACK = '123456';

/** The parameter `account.initPassword` (default 123456), as plain text; pass the transaction's repo inside one. */
export async function initialPassword(services: AppServices, repo: Repository = services.system.repo): Promise<string> {
  const model = services.model('system/param');
  const field = fieldOf(model, 'paramKey')!;
  const [row] = await repo.list(model, systemContext(), { conditions: [{ field, op: 'equal', value: PARAM_KEY }], order: [] });
  const value = String(row?.paramValue ?? '').trim();
  return value || FALLBACK;
}

/** What is stored for the initial password: argon2id over the md5 that sign-in sends. */
export async function initialPasswordHash(services: AppServices, repo: Repository = services.system.repo): Promise<string> {
  return hashPassword(md5Hex(await initialPassword(services, repo)));
}
