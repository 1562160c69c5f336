import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';

/** BladeX's `status` of OSS and SMS configurations (labelled by dict `yes_no`). */
export const STATUS_OFF = 1;
export const STATUS_ON = 2;

const field = (model: EntityModel, name: string) => fieldOf(model, name)!;

/**
 * The configuration a call uses: the row whose code is `code` when one is named (undefined
 * when the tenant has none), else the enabled row (undefined: the built-in default applies).
 */
export async function findConfig(repo: Repository, opts: { model: EntityModel; codeField: string; ctx: RequestContext; code?: string }): Promise<EntityRecord | undefined> {
  const { model, ctx, code } = opts;
  const condition: Condition = code
    ? { field: field(model, opts.codeField), op: 'equal', value: code }
    : { field: field(model, 'status'), op: 'equal', value: STATUS_ON };
  const order = [{ column: 'update_time', dir: 'desc' as const }, { column: 'id', dir: 'desc' as const }];
  const [row] = await repo.list(model, ctx, { conditions: [condition], order });
  // Lists never carry x-secret fields (the secret key); the provider needs it.
  return row && repo.findByKey(model, ctx, String(row.id), true);
}

/**
 * Keeps "one enabled configuration per tenant": before a row is written with status on,
 * every other enabled row of the tenant is switched off in the same transaction. The
 * tenant's rows are locked first, so two concurrent enables cannot both win.
 */
export async function switchOthersOff(opts: { repo: Repository; model: EntityModel; ctx: RequestContext; keepKey?: string }): Promise<void> {
  const { repo, model, ctx, keepKey } = opts;
  await repo.db.selectFrom(model.table).select('id').where('tenant_id', '=', ctx.tenantId).forUpdate().execute();
  const enabled = await repo.list(model, ctx, { conditions: [{ field: field(model, 'status'), op: 'equal', value: STATUS_ON }], order: [] });
  for (const row of enabled.filter((r) => String(r.id) !== keepKey)) {
    await repo.update(model, ctx, String(row.id), { status: STATUS_OFF });
  }
}
