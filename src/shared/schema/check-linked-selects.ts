import { fieldOf, type EntityModel } from './entity-model.js';
import { SchemaError } from './schema-error.js';

/** Every `linked` select names an entity with the field it reads (checked once all models are built). */
export function checkLinkedSelects(models: EntityModel[]): void {
  const byKey = new Map(models.map((m) => [m.key, m]));
  for (const model of models) {
    for (const endpoint of Object.values(model.endpoints)) {
      const linked = endpoint.linked;
      if (!linked) continue;
      const at = `/x-api/endpoints/${endpoint.action}/linked`;
      const entity = byKey.get(linked.entity);
      if (!entity) throw new SchemaError(model.source, at, `unknown entity "${linked.entity}"`);
      if (!fieldOf(entity, linked.field)) throw new SchemaError(model.source, at, `unknown field "${linked.field}" of ${entity.key}`);
    }
  }
}
