import { endpointPath, type EndpointKind, type EntityModel } from '../../../shared/schema/entity-model';

/** The action serving `kind` (e.g. the `submit` endpoint), else the kind's own name. */
export function actionFor(model: EntityModel, kind: EndpointKind): string {
  if (model.endpoints[kind]?.kind === kind) return kind;
  const found = Object.values(model.endpoints).find((e) => e.kind === kind);
  return found?.action ?? kind;
}

/** Whether the model serves an endpoint of `kind`. */
export function hasEndpoint(model: EntityModel, kind: EndpointKind): boolean {
  return Object.values(model.endpoints).some((e) => e.kind === kind);
}

/** URL (without /api) of an action: `<apiPath>/<action>`, or the endpoint's own `path`. */
export function urlFor(model: EntityModel, action: string): string {
  return endpointPath(model, model.endpoints[action] ?? { action });
}
