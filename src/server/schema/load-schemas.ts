import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { buildModels, type AuthoredSchema } from '../../shared/schema/build-models.js';
import { SchemaError } from '../../shared/schema/schema-error.js';
import { PROJECT_ROOT } from '../project-root.js';

const META_FILE = 'entity.meta.json';

/**
 * Reads schemas/<module>/<entity>.json, then the same layout under each of `moreDirs`
 * (schemas written at run time, DATA_DIR/schemas: a file there replaces the install's
 * file of the same key), checks each against dir's meta-schema and normalizes it.
 * With `checkCache` (the server), a folder keeping the digest of the last set of files
 * that passed the meta-schema: the same files again skip that check (compiling the
 * meta-schema with ajv costs ≈ 0.2 s of every start); any change checks them all.
 */
export function loadSchemas(dir: string, moreDirs: string[] = [], opts: { checkCache?: string } = {}): EntityModel[] {
  const metaText = readFileSync(join(dir, META_FILE), 'utf8');
  const byKey = new Map<string, AuthoredSchema & { text: string }>();
  for (const folder of [dir, ...moreDirs.filter((d) => existsSync(d))]) {
    for (const schema of readSchemaFiles(folder)) byKey.set(schema.key, schema);
  }
  const schemas = [...byKey.values()];
  if (!opts.checkCache) return buildModels(schemas, JSON.parse(metaText));
  const mark = join(opts.checkCache, 'schemas-checked');
  const digest = digestOf(metaText, schemas);
  const models = buildModels(schemas, JSON.parse(metaText), { metaChecked: readIfAny(mark) === digest });
  writeQuietly(mark, digest);
  return models;
}

/** The ajv version takes part: another one may judge the same files otherwise. */
function digestOf(metaText: string, schemas: { key: string; text: string }[]): string {
  const hash = createHash('sha256').update(`ajv ${ajvVersion()}\0${metaText}`);
  for (const s of schemas) hash.update(`\0${s.key}\0${s.text}`);
  return hash.digest('hex');
}

function ajvVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', 'ajv', 'package.json'), 'utf8')) as { version: string }).version;
}

function readIfAny(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Written aside and renamed (processes starting together); a cache that cannot be written is only slower. */
function writeQuietly(path: string, text: string): void {
  if (readIfAny(path) === text) return;
  const aside = `${path}.${process.pid}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(aside, text);
    renameSync(aside, path);
  } catch {
    // read-only install: every start checks the files
  }
}

function readSchemaFiles(dir: string): (AuthoredSchema & { text: string })[] {
  const authored: (AuthoredSchema & { text: string })[] = [];
  for (const module of readdirSync(dir).sort()) {
    const moduleDir = join(dir, module);
    if (!statSync(moduleDir).isDirectory()) continue;
    for (const file of readdirSync(moduleDir).filter((f) => f.endsWith('.json')).sort()) {
      const path = join(moduleDir, file);
      const source = relative(process.cwd(), path) || path;
      const text = readFileSync(path, 'utf8');
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new SchemaError(source, '/', `not valid JSON: ${(error as Error).message}`);
      }
      authored.push({ key: `${module}/${file.slice(0, -'.json'.length)}`, source, json, text });
    }
  }
  return authored;
}
