import { fieldOf, type EntityModel, type FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';

/** The entity an options field points at, and the field that names one of its rows. */
export interface Reference {
  field: FieldModel;
  model: EntityModel;
  labelField: string;
}

/**
 * The user's multi-select fields (roles, departments, posts) and what they point at:
 * the entity whose API path holds the field's options URL. Derived from the schema so
 * a new options field needs no code here.
 */
export function referencesOf(services: AppServices, model: EntityModel): Reference[] {
  const out: Reference[] = [];
  for (const field of model.fields.filter((f) => f.options)) {
    const url = field.options!.url;
    const target = services.models.find((m) => url.startsWith(`${m.apiPath}/`));
    if (!target) continue;
    const named = fieldOf(target, field.options!.labelKey) !== undefined;
    const labelField = named ? field.options!.labelKey : target.tree?.labelField;
    if (labelField) out.push({ field, model: target, labelField });
  }
  return out;
}

