import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';

/** `field = value` on a declared field of the model. */
export function equalTo(model: EntityModel, fieldName: string, value: unknown): Condition {
  const field = fieldOf(model, fieldName);
  if (!field) throw new Error(`${model.key}: no field ${fieldName}`);
  return { field, op: 'equal', value };
}

/**
 * The live tenant row with this tenant id. Pass the transaction's repo inside a hook:
 * the embedded database has one connection, so a read outside the transaction would wait for it.
 */
export async function findTenant(services: AppServices, tenantId: string, repo: Repository = services.system.repo): Promise<EntityRecord | undefined> {
  const model = services.model('system/tenant');
  const [tenant] = await repo.list(model, systemContext(), { conditions: [equalTo(model, 'tenantId', tenantId)], order: [] });
  return tenant;
}
