import { systemContext, type AppServices } from '../../src/server/app-services.js';
import type { EntityModel, FieldModel } from '../../src/shared/schema/entity-model.js';
import { optionSourceOf } from '../../src/shared/schema/entity-serving.js';

let counter = 0;

/** Options URL → a key of a live row it answers (primeLinkedRows): what a reference list samples. */
const linkedKeys = new Map<string, string>();

/**
 * Reads, for every comma-joined reference field (x-options multiple: a user's roles,
 * departments, posts), a live row of the entity serving its options in the seeded tenant
 * 000000, so sampleRecord names rows that exist and the entity's reference rules accept it.
 * startTestApp calls it once the app is up.
 */
export async function primeLinkedRows(services: AppServices): Promise<void> {
  linkedKeys.clear();
  for (const model of services.models) {
    for (const field of model.fields) {
      const source = field.options?.multiple ? optionSourceOf(services.models, field) : undefined;
      if (!source || linkedKeys.has(field.options!.url)) continue;
      const [row] = await services.system.repo.list(source.model, systemContext('000000'), { conditions: [], order: [] });
      if (row) linkedKeys.set(field.options!.url, String(row[source.valueField]));
    }
  }
}

/** A value that satisfies the field's rules; `seed` keeps values unique per call. */
export function sampleValue(field: FieldModel, seed: string): unknown {
  const s = field.schema as Record<string, any>;
  if (Array.isArray(s.enum)) return s.enum[0];
  // A schema's example passes checks a hook makes beyond the schema (a data source URL).
  if (Array.isArray(s.examples)) return s.examples[0];
  switch (field.type) {
    case 'integer': return s.minimum ?? 1;
    case 'number': return s.minimum ?? 1.5;
    case 'boolean': return true;
    case 'id': return '0';
    case 'datetime': return '2026-01-02 03:04:05';
    case 'date': return '2026-01-02';
    default: {
      const base = field.options?.multiple ? linkedKeys.get(field.options.url) ?? '1,2' : `${field.name}-${seed}`;
      const text = field.maxLength ? base.slice(-Math.min(field.maxLength, base.length)) : base;
      if (!s.pattern) return text;
      const pattern = new RegExp(s.pattern);
      const candidates = [text, `/${text}`, text.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^[^a-z]/, 'a'), `/${text.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`, 'a'];
      return candidates.find((c) => pattern.test(c)) ?? text;
    }
  }
}

/** A valid new record of any entity: every writable declared field filled. */
export function sampleRecord(model: EntityModel): Record<string, unknown> {
  counter += 1;
  const seed = `${Date.now().toString(36)}${counter}`;
  const record: Record<string, unknown> = {};
  for (const field of model.fields) {
    if (field.isBase || field.readOnly) continue;
    record[field.name] = sampleValue(field, seed);
  }
  if (model.tree) record[model.tree.parentField] = model.tree.root;
  if (!model.generatedId) record[model.primaryKey] = `9${String(Date.now() % 1e9)}${counter}`.slice(0, 12);
  return record;
}

/** A writable text field that can be changed and searched for. */
export function editableTextField(model: EntityModel): FieldModel | undefined {
  return model.fields.find((f) => !f.isBase && !f.readOnly && !f.secret && !f.hashed && f.type === 'string'
    && !f.options && !f.dict && f.name !== model.primaryKey && f.name !== model.tree?.parentField && (f.maxLength ?? 100) >= 20);
}
