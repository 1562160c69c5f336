import Ajv2020 from 'ajv/dist/2020.js';
import type { EntityModel } from './entity-model.js';
import { deepMerge } from './deep-merge.js';
import { normalizeSchema } from './normalize-schema.js';
import { checkSideTrees } from './normalize-side-tree.js';
import { checkLinkedSelects } from './check-linked-selects.js';
import { checkOpenLists, resolveScreens } from './check-open-lists.js';
import { SchemaError } from './schema-error.js';

type Json = Record<string, any>;

export interface AuthoredSchema {
  /** `<module>/<name>` from the file's folder and stem. */
  key: string;
  /** Path shown in messages. */
  source: string;
  json: Json;
}

function metaValidator(meta: Json) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(meta);
}

function resolveExtends(schema: AuthoredSchema, byKey: Map<string, AuthoredSchema>, seen: string[] = []): Json {
  const baseKey: string | undefined = schema.json['x-extends'];
  if (!baseKey) return schema.json;
  if (seen.includes(baseKey)) throw new SchemaError(schema.source, '/x-extends', `cycle through "${baseKey}"`);
  const base = byKey.get(baseKey);
  if (!base) throw new SchemaError(schema.source, '/x-extends', `unknown schema "${baseKey}"`);
  const { ['x-extends']: _drop, ...own } = schema.json;
  return deepMerge(resolveExtends(base, byKey, [...seen, schema.key]), own);
}

/**
 * Checks every authored schema against the meta-schema, resolves x-extends and
 * normalizes each into an EntityModel. Throws SchemaError naming file and pointer.
 * `metaChecked`: these very files passed the meta-schema before (the server's start
 * keeps a mark of the last set that did: compiling the meta-schema is a fifth of a start).
 */
export function buildModels(schemas: AuthoredSchema[], meta: Json, opts: { metaChecked?: boolean } = {}): EntityModel[] {
  const validate = opts.metaChecked ? undefined : metaValidator(meta);
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const resolved = new Map<string, Json>();
  const models = schemas.map((s) => {
    const json = resolveExtends(s, byKey);
    resolved.set(s.key, json);
    if (validate && !validate(json)) {
      const e = validate.errors![0];
      const detail = e.keyword === 'additionalProperties'
        ? `unknown keyword "${(e.params as Json).additionalProperty}"`
        : e.message ?? 'invalid';
      throw new SchemaError(s.source, e.instancePath || '/', detail);
    }
    return normalizeSchema({ key: s.key, source: s.source, json });
  });
  const seenPaths = new Map<string, string>();
  for (const m of models) {
    const prior = seenPaths.get(m.apiPath);
    if (prior) throw new SchemaError(m.source, '/x-api/path', `path ${m.apiPath} is already used by ${prior}`);
    seenPaths.set(m.apiPath, m.source);
  }
  checkSideTrees(models);
  checkLinkedSelects(models);
  resolveScreens(models, (key) => resolved.get(key)!);
  checkOpenLists(models);
  return models;
}
