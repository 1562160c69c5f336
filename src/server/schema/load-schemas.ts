import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { buildModels, type AuthoredSchema } from '../../shared/schema/build-models.js';
import { SchemaError } from '../../shared/schema/schema-error.js';

const META_FILE = 'entity.meta.json';

/**
 * Reads schemas/<module>/<entity>.json, then the same layout under each of `moreDirs`
 * (schemas written at run time, DATA_DIR/schemas: a file there replaces the install's
 * file of the same key), checks each against dir's meta-schema and normalizes it.
 */
export function loadSchemas(dir: string, moreDirs: string[] = []): EntityModel[] {
  const meta = JSON.parse(readFileSync(join(dir, META_FILE), 'utf8'));
  const byKey = new Map<string, AuthoredSchema>();
  for (const folder of [dir, ...moreDirs.filter((d) => existsSync(d))]) {
    for (const schema of readSchemaFiles(folder)) byKey.set(schema.key, schema);
  }
  return buildModels([...byKey.values()], meta);
}

function readSchemaFiles(dir: string): AuthoredSchema[] {
  const authored: AuthoredSchema[] = [];
  for (const module of readdirSync(dir).sort()) {
    const moduleDir = join(dir, module);
    if (!statSync(moduleDir).isDirectory()) continue;
    for (const file of readdirSync(moduleDir).filter((f) => f.endsWith('.json')).sort()) {
      const path = join(moduleDir, file);
      const source = relative(process.cwd(), path) || path;
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        throw new SchemaError(source, '/', `not valid JSON: ${(error as Error).message}`);
      }
      authored.push({ key: `${module}/${file.slice(0, -'.json'.length)}`, source, json });
    }
  }
  return authored;
}
