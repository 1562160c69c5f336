import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { optionSourceOf, type OptionSource } from '../../../shared/schema/entity-serving.js';
import type { AppServices } from '../../app-services.js';

/** The entity an options field points at, and the field that names one of its rows. */
export type Reference = OptionSource;

/**
 * The user's multi-select fields (roles, departments, posts) and what they point at:
 * the entity whose API path holds the field's options URL. Derived from the schema so
 * a new options field needs no code here.
 */
export function referencesOf(services: AppServices, model: EntityModel): Reference[] {
  return model.fields.flatMap((field) => optionSourceOf(services.models, field) ?? []);
}
