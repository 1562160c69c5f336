import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import { referencesOf } from './user-references.js';
import { splitKeys } from '../../engine/ids.js';
import { message, type Translatable } from '../../../shared/i18n/translate.js';
import { isIdText } from '../../engine/input-rules.js';

/** Rows of `model` with these ids that the caller's tenant holds. */
export type RowLookup = (model: EntityModel, ids: string[]) => Promise<EntityRecord[]>;

const SUPER_ROLE_ALIAS = 'administrator';

/** Looks rows up through a repository, so the caller's tenant limits what is found. */
export function repoLookup(repo: Repository, ctx: RequestContext): RowLookup {
  return (model, ids) => {
    const field = keyFieldOf(model);
    return repo.list(model, ctx, { conditions: [{ field, op: 'in', value: ids }], order: [] });
  };
}

/**
 * Field → message for every role, department or post id that is not a live row of the
 * caller's tenant (so a user is never linked across tenants), and for the super
 * administrator role given by someone who is not one. Rewrites the ids it accepts
 * as a clean comma-joined list.
 */
export async function referenceErrors(opts: {
  services: AppServices;
  model: EntityModel;
  ctx: RequestContext;
  values: EntityRecord;
  lookup: RowLookup;
}): Promise<Record<string, Translatable>> {
  const { ctx, values } = opts;
  const errors: Record<string, Translatable> = {};
  for (const ref of referencesOf(opts.services, opts.model)) {
    const name = ref.field.name;
    if (!(name in values)) continue;
    const ids = splitKeys(values[name]);
    if (ids.length === 0) continue;
    const rows = ids.every((id) => isIdText(id)) ? await opts.lookup(ref.model, ids) : [];
    const found = new Set(rows.map((r) => String(r[ref.model.primaryKey])));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      errors[name] = message('user.referenceMissing', { label: ref.field.label, values: missing.join(',') });
    } else if (ref.model.key === 'system/role' && rows.some((r) => r.roleAlias === SUPER_ROLE_ALIAS) && !isAdministrator(ctx)) {
      errors[name] = message('user.superRole');
    } else {
      values[name] = ids.join(',');
    }
  }
  return errors;
}

/** referenceErrors, thrown as a validation failure (first message in `msg`, all in `fieldErrors`). */
export async function checkReferences(opts: Parameters<typeof referenceErrors>[0]): Promise<void> {
  const errors = await referenceErrors(opts);
  if (Object.keys(errors).length === 0) return;
  throw new AppError(Object.values(errors)[0]!, undefined, 400, { code: ErrorCodes.VALIDATION_FAILED, fieldErrors: errors });
}
