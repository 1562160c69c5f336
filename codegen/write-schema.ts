import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildModels } from '../src/shared/schema/build-models.js';
import type { EntityModel } from '../src/shared/schema/entity-model.js';
import { SchemaError } from '../src/shared/schema/schema-error.js';
import { CodegenError } from './codegen-messages.js';
import { formatSchema } from './format-schema.js';
import { mergeRegenerated, schemaDiff } from './regenerate.js';

type Json = Record<string, any>;

/** Suffix of the copy of the last generation kept beside a generated file (not a .json: never loaded as a schema). */
export const BASE_SUFFIX = '.generated';

export interface WriteRequest {
  /** Folder of schema files (schemas/ or DATA_DIR/schemas). */
  dir: string;
  module: string;
  entity: string;
  schema: Json;
  /** The meta-schema (schemas/entity.meta.json). */
  meta: Json;
  /** Only compute the result and its diff; write nothing. */
  preview?: boolean;
}

export interface WriteResult {
  /** `<module>/<entity>.json` under the folder. */
  file: string;
  path: string;
  created: boolean;
  changed: boolean;
  /** Unified diff from the file on disk to the written one ('' when equal). */
  diff: string;
  /** The schema as written (after keeping the developer's edits). */
  schema: Json;
  model: EntityModel;
}

const readJson = (path: string): Json | undefined => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);

function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** The schema checked as the server will load it; a failure names the pointer. */
export function modelOf(key: string, source: string, json: Json, meta: Json): EntityModel {
  try {
    return buildModels([{ key, source, json }], meta)[0];
  } catch (error) {
    if (error instanceof SchemaError) throw new CodegenError('invalidSchema', { pointer: error.pointer, detail: error.message.replace(/^[^:]*: /, '') });
    throw error;
  }
}

/**
 * Writes a generated schema, keeping a developer's edits (three-way merge against the
 * last generation, kept as `<entity>.json.generated`), checked against the meta-schema
 * first: nothing is written when it is not valid.
 */
export function writeSchema(req: WriteRequest): WriteResult {
  const file = `${req.module}/${req.entity}.json`;
  const path = join(req.dir, file);
  const basePath = `${path}${BASE_SUFFIX}`;
  const onDisk = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const merged = onDisk === undefined ? req.schema : mergeRegenerated(readJson(basePath), JSON.parse(onDisk), req.schema);
  const model = modelOf(`${req.module}/${req.entity}`, file, merged, req.meta);
  const text = formatSchema(merged);
  const result = { file, path, created: onDisk === undefined, changed: onDisk !== text, diff: schemaDiff(file, onDisk ?? '', text), schema: merged, model };
  if (!req.preview) {
    if (result.changed) writeAtomically(path, text);
    writeAtomically(basePath, formatSchema(req.schema));
  }
  return result;
}
