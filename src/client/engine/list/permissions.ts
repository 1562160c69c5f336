import type { EntityModel } from '../../../shared/schema/entity-model';

/** Which buttons a user sees: `<permission>_add`, `_edit`, `_delete`, `_view` (a missing code hides it). */
export interface ListPermissions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canView: boolean;
}

export function listPermissions(model: EntityModel, flags: Record<string, boolean>): ListPermissions {
  const has = (action: string) => flags[`${model.permission}_${action}`] === true;
  return { canAdd: has('add'), canEdit: has('edit'), canDelete: has('delete'), canView: has('view') };
}
