import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { EntityRecord } from './record-codec.js';

/** What a detail answers in place of a stored secret, and what a form sends back to keep it. */
export const SECRET_MASK = '******';

/** Secrets an administrator types and the server uses (keys, client secrets); hashes are never shown at all. */
const maskedFields = (model: EntityModel): FieldModel[] => model.fields.filter((f) => f.secret && !f.hashed);

/**
 * A detail for the edit form: each typed secret as the mask when one is stored, else
 * empty, so the form can show that a value exists without the value itself.
 */
export function maskSecrets(model: EntityModel, record: EntityRecord): EntityRecord {
  if (!model.fields.some((f) => f.secret)) return record;
  const out = { ...record };
  for (const field of model.fields.filter((f) => f.secret)) {
    if (field.hashed) delete out[field.name];
    else out[field.name] = isEmpty(record[field.name]) ? '' : SECRET_MASK;
  }
  return out;
}

/** An edit that sends a secret empty or as the mask keeps the stored one. */
export function keepStoredSecrets(model: EntityModel, values: EntityRecord, isInsert: boolean): void {
  for (const field of maskedFields(model)) {
    const value = values[field.name];
    if (value === SECRET_MASK || (!isInsert && field.name in values && isEmpty(value))) delete values[field.name];
  }
}
