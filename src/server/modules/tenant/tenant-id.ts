import { randomInt } from 'node:crypto';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { columnOf } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';

const ATTEMPTS = 100;

/**
 * A random 6-digit tenant id that no tenant row carries, removed ones included: the
 * tenant-scoped rows of a removed tenant still carry its id, and a new tenant must not inherit them.
 */
export async function newTenantId(repo: Repository, model: EntityModel): Promise<string> {
  const column = columnOf(model, 'tenantId');
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const candidate = String(randomInt(1, 1_000_000)).padStart(6, '0');
    const taken = await repo.db.selectFrom(model.table).select(column).where(column, '=', candidate).limit(1).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error(`no free tenant id after ${ATTEMPTS} attempts`);
}
