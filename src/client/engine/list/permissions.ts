import { ENDPOINT_OF_ACTION, type EntityModel, type ListView, type StandardAction } from '../../../shared/schema/entity-model';

/** Which of the engine's buttons a list shows. */
export interface ListPermissions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canView: boolean;
}

/**
 * A button shows when the view offers it (`x-list.actions`), the entity serves its
 * endpoint, and the user holds `<permission>_<action>` (a missing code hides it).
 */
export function listPermissions(input: { model: EntityModel; view: ListView; flags: Record<string, boolean> }): ListPermissions {
  const { model, view, flags } = input;
  const kinds = new Set(Object.values(model.endpoints).map((endpoint) => endpoint.kind));
  const can = (action: StandardAction) =>
    view.actions.includes(action) && kinds.has(ENDPOINT_OF_ACTION[action]) && flags[`${model.permission}_${action}`] === true;
  return { canAdd: can('add'), canEdit: can('edit'), canDelete: can('delete'), canView: can('view') };
}
