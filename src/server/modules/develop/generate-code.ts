import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CodegenError, buildSchema, entityNameOf, prototypesOf, traitsOf, writeSchema, type FieldPrototype,
} from '../../../../codegen/index.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { AppServices } from '../../app-services.js';
import { columns } from '../../db/external/index.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { DataSources } from './datasource-connections.js';
import { developError } from './develop-messages.js';
import { storedPrototypes } from './prototype-rows.js';

export const CODE_MODEL = 'develop/code';
export const MODEL_MODEL = 'develop/model';

/** What one generation did: the file, whether it changed, the diff, and what the administrator should know. */
export interface GenerationResult {
  id: string;
  file: string;
  created: boolean;
  changed: boolean;
  diff: string;
  /** The table has neither is_deleted nor tenant_id: deletes are for good, every tenant sees every row. */
  bareTable: boolean;
  /** The table, and whether the schema served has soft delete (is_deleted) and a tenant filter (tenant_id). */
  table: string;
  softDelete: boolean;
  tenantFilter: boolean;
  model: EntityModel;
}

/** `org.springblade.demo` → `demo`: the package's last part is the schema folder. */
export const moduleOfPackage = (packageName: string) => packageName.split('.').pop()!.replace(/_/g, '-');

/**
 * One 代码生成 row → its schema file under DATA_DIR/schemas (nothing written when any check
 * fails). The columns are read again, so a table changed since the model was configured
 * is seen; the grid's prototypes (blade_model_prototype) give the settings, else defaults.
 */
export async function generateCode(deps: { services: AppServices; sources: DataSources }, repo: Repository, ctx: RequestContext, code: EntityRecord, preview = false): Promise<GenerationResult> {
  const { services, sources } = deps;
  const modelRow = await repo.findByKey(services.model(MODEL_MODEL), ctx, String(code.modelId));
  if (!modelRow) throw developError('modelMissing', { id: String(code.modelId) });
  const source = await sources.resolve(repo, String(modelRow.datasourceId));
  const table = String(code.tableName || modelRow.modelTable);
  const handle = await sources.open(repo, source);
  let cols;
  try {
    cols = await columns(handle.db, handle.dialect, table);
  } finally {
    await handle.close();
  }
  const external = source.driver !== 'embedded';
  const fresh = prototypesOf(table, cols, { external });
  const stored = await storedPrototypes(services, repo, ctx, String(modelRow.id));
  const prototypes = mergeStored(fresh, stored);
  const module = moduleOfPackage(String(code.packageName));
  const entity = entityNameOf(table, String(code.tablePrefix ?? ''));
  const schema = buildSchema({
    module, entity, table, prototypes,
    label: { zh: String(code.codeName) },
    apiPath: String(code.apiPath || '') || `/${code.serviceName}/${entity}`,
    menu: { path: String(code.webPath || '') || undefined },
    traits: traitsOf(cols),
    datasource: external ? source.id : undefined,
  });
  checkCollisions(services, `${module}/${entity}`, schema, external ? source.id : undefined);
  const meta = JSON.parse(readFileSync(join(services.config.schemasDir, 'entity.meta.json'), 'utf8'));
  const written = writeSchema({ dir: services.config.runtimeSchemasDir, module, entity, schema, meta, preview });
  const traits = traitsOf(cols);
  return {
    id: String(code.id), file: written.file, created: written.created, changed: written.changed, diff: written.diff,
    bareTable: !traits.logicalDelete && !traits.tenant, table, softDelete: written.model.logicalDelete, tenantFilter: written.model.tenancy === 'tenant', model: written.model,
  };
}

/** Columns still in the table keep the grid's settings; new columns come with defaults; dropped ones go. */
function mergeStored(fresh: FieldPrototype[], stored: FieldPrototype[]): FieldPrototype[] {
  if (stored.length === 0) return fresh;
  const byColumn = new Map(stored.map((p) => [p.jdbcName, p]));
  return fresh.map((p) => {
    const s = byColumn.get(p.jdbcName);
    // The table decides type, length, key and nullability; the grid decides how the field shows.
    return s ? { ...s, jdbcType: p.jdbcType, jdbcLength: p.jdbcLength, propertyType: p.propertyType, isPk: p.isPk, isAuto: p.isAuto, isNullable: p.isNullable } : { ...p, sort: 1000 + p.sort };
  });
}

/** Another schema already serving the API path, or mapping the same table of the same database, is refused. */
function checkCollisions(services: AppServices, key: string, schema: Record<string, any>, datasource?: string): void {
  const path = schema['x-api'].path;
  const table = schema['x-table'].name;
  for (const m of services.models) {
    if (m.key === key) continue;
    if (m.apiPath === path) throw new CodegenError('pathTaken', { path, owner: m.key });
    if (m.table === table && (m as { datasource?: string }).datasource === datasource) throw new CodegenError('tableTaken', { table, owner: m.key });
  }
}
