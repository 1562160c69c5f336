import type { LocalText } from '../src/shared/schema/entity-model.js';
import { defaultWidget } from '../src/shared/schema/normalize-schema.js';
import { humanize, snakeCase } from '../src/shared/schema/names.js';
import { CodegenError } from './codegen-messages.js';
import { checkPrototype, type FieldPrototype, type TableTraits } from './field-prototype.js';
import { isSecretColumn } from './secret-columns.js';

type Json = Record<string, any>;

export interface SchemaRequest {
  /** Folder under schemas/ (the module): demo. */
  module: string;
  /** File stem: notice (kebab-case). */
  entity: string;
  /** Screen title; default: the entity in words. */
  label?: Partial<LocalText>;
  /** Base path of the API; default /blade-<module>/<entity>. */
  apiPath?: string;
  table: string;
  traits: TableTraits;
  prototypes: FieldPrototype[];
  /** `x-datasource` (data source id or name) when the table stays in another database. */
  datasource?: string;
  /** Menu path (the screen is `<path>/index`; default /<module>/<entity>), parent menu code (default 研发工具, tool) and position. */
  menu?: { path?: string; parent?: string; sort?: number };
}

const NAME = /^[a-z][a-z0-9-]*$/;
const API_PATH = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** `blade_notice` without its prefix `blade_` → `notice`; underscores become dashes. */
export function entityNameOf(table: string, prefix = ''): string {
  const bare = prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table;
  return bare.toLowerCase().replace(/_/g, '-').replace(/^-+|-+$/g, '');
}

export function checkNames(req: { module: string; entity: string; apiPath?: string; menu?: { path?: string } }): void {
  if (!NAME.test(req.module)) throw new CodegenError('name', { what: 'module', value: req.module });
  if (!NAME.test(req.entity)) throw new CodegenError('name', { what: 'entity', value: req.entity });
  if (req.apiPath !== undefined && !API_PATH.test(req.apiPath)) throw new CodegenError('apiPath', { value: req.apiPath });
  if (req.menu?.path !== undefined && !API_PATH.test(req.menu.path)) throw new CodegenError('apiPath', { value: req.menu.path });
}

/** A secret column (secret-columns.ts); a primary key never is one, a screen needs it to name rows. */
const isSecret = (p: FieldPrototype) => !p.isPk && isSecretColumn(p.jdbcName);

function property(p: FieldPrototype): Json {
  const out: Json = p.propertyType === 'id' || p.propertyType === 'datetime' || p.propertyType === 'date'
    ? { type: 'string', 'x-type': p.propertyType }
    : { type: p.propertyType };
  if (p.propertyType === 'string' && p.jdbcLength) out.maxLength = p.jdbcLength;
  out['x-label'] = { zh: p.comment || humanize(p.propertyName), en: p.labelEn || humanize(p.propertyName) };
  if (snakeCase(p.propertyName) !== p.jdbcName) out['x-column'] = p.jdbcName;
  const dict = p.dictCode || undefined;
  if (dict) out['x-dict'] = dict;
  if (p.componentType !== defaultWidget(p.propertyType, dict ? { 'x-dict': dict } : {})) out['x-widget'] = p.componentType;
  if (isSecret(p)) {
    out['x-secret'] = true;
    if (p.propertyType === 'string') out['x-widget'] = 'password';
  }
  if (!p.isForm) out['x-hidden'] = ['add', 'edit', 'view'];
  else if (p.isAuto) out['x-hidden'] = ['add'];
  if (p.isPk) out['x-disabled'] = ['edit'];
  if (!p.isRow) out['x-span'] = 12;
  return out;
}

function searchKey(p: FieldPrototype): string | Json {
  if (p.queryType === 'range') return { field: p.propertyName, range: true };
  if (p.queryType) return { field: p.propertyName, op: p.queryType };
  return p.propertyName;
}

/** The schema file of a table: every keyword from the grid's settings, nothing the engine derives by itself. */
export function buildSchema(req: SchemaRequest): Json {
  checkNames(req);
  const prototypes = [...req.prototypes].sort((a, b) => a.sort - b.sort);
  prototypes.forEach(checkPrototype);
  const key = prototypes.find((p) => p.isPk);
  const external = req.datasource !== undefined;
  const primaryKey = key?.propertyName ?? 'id';
  const permission = `${req.module}_${req.entity}`.replace(/-/g, '_');
  // A secret is never listed nor searched, whatever the grid says: lists never carry its value.
  const shown = prototypes.filter((p) => !isSecret(p));
  const listed = shown.filter((p) => p.isList).map((p) => p.propertyName);
  const table: Json = { name: req.table };
  if (req.traits.tenant) table.tenancy = 'tenant';
  if (external) {
    if (req.traits.audit) table.audit = true;
    if (req.traits.logicalDelete) table.logicalDelete = true;
  } else {
    if (!req.traits.audit) table.audit = false;
    if (!req.traits.logicalDelete) table.logicalDelete = false;
  }
  if (primaryKey !== 'id') table.primaryKey = primaryKey;
  const schema: Json = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: req.entity,
    type: 'object',
    'x-label': { zh: req.label?.zh || humanize(req.entity), en: req.label?.en || humanize(req.entity) },
  };
  if (external) schema['x-datasource'] = req.datasource;
  Object.assign(schema, {
    'x-table': table,
    'x-api': { path: req.apiPath ?? `/blade-${req.module}/${req.entity}`, endpoints: { list: { kind: 'page' }, detail: {}, submit: {}, remove: {} } },
    'x-list': {
      columns: listed.length ? listed : shown.map((p) => p.propertyName),
      search: shown.filter((p) => p.isQuery).map(searchKey),
    },
    // A data source's list exports only when it says so: every generated screen has 导出.
    'x-export': true,
    'x-permission': permission,
    'x-menu': { path: req.menu?.path ?? `/${req.module}/${req.entity}`, parent: req.menu?.parent ?? 'tool', sort: req.menu?.sort ?? 10 },
    required: prototypes.filter((p) => p.isRequired && !p.isAuto).map((p) => p.propertyName),
    properties: Object.fromEntries(prototypes.map((p) => [p.propertyName, property(p)])),
  });
  return schema;
}
