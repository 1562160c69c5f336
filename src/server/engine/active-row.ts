import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { Condition } from './conditions.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { requiredField } from './rows.js';

/** BladeX's `status` of OSS and SMS configurations (labelled by dict `yes_no`). */
export const STATUS_OFF = 1;
export const STATUS_ON = 2;

/**
 * The configuration a call uses: the row whose code is `code` when one is named (undefined
 * when the tenant has none), else the enabled row (undefined: the built-in default applies).
 */
export async function findConfig(repo: Repository, opts: { model: EntityModel; codeField: string; ctx: RequestContext; code?: string }): Promise<EntityRecord | undefined> {
  const { model, ctx, code } = opts;
  const condition: Condition = code
    ? { field: requiredField(model, opts.codeField), op: 'equal', value: code }
    : { field: requiredField(model, 'status'), op: 'equal', value: STATUS_ON };
  const order = [{ column: 'update_time', dir: 'desc' as const }, { column: 'id', dir: 'desc' as const }];
  const [row] = await repo.list(model, ctx, { conditions: [condition], order });
  // Lists never carry x-secret fields (the secret key); the provider needs it.
  return row && repo.findByKey(model, ctx, String(row.id), true);
}

/**
 * One active row per tenant (x-actions `activate`, OSS/SMS writes with status on): before
 * `keep` is written active, every other active row of the tenant is switched off in the
 * same transaction. The tenant's rows are locked first, so two concurrent calls cannot both win.
 */
export async function switchOthersOff(repo: Repository, model: EntityModel, ctx: RequestContext, opts: { field: string; on: unknown; off: unknown; keep?: string }): Promise<void> {
  if (model.tenancy === 'tenant') await repo.db.selectFrom(model.table).select('id').where('tenant_id', '=', ctx.tenantId).forUpdate().execute();
  const active = await repo.list(model, ctx, { conditions: [{ field: requiredField(model, opts.field), op: 'equal', value: opts.on }], order: [] });
  for (const row of active.filter((r) => String(r[model.primaryKey]) !== opts.keep)) {
    await repo.update(model, ctx, String(row[model.primaryKey]), { [opts.field]: opts.off });
  }
}

/** The `status` rule of OSS and SMS configurations. */
export const CONFIG_STATUS = { field: 'status', on: STATUS_ON, off: STATUS_OFF } as const;
