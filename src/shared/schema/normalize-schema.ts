import type {
  EndpointKind,
  LinkedSelect,
  WorkbookFile,
  EndpointModel,
  EntityModel,
  FieldModel,
  FieldOptions,
  FieldType,
  FieldUnset,
  FieldWhen,
  FilterOp,
  FormMode,
  FormSection,
  ListColumn,
  ListView,
  LocalText,
  MenuButton,
  SearchKey,
  StandardAction,
  WidgetName,
} from './entity-model.js';
import { ENDPOINT_KINDS, ENDPOINT_OF_ACTION, isWorkbookKind, STANDARD_ACTIONS, STANDARD_BUTTONS, hasDependentOptions, monthKeyOf } from './entity-model.js';
import { AUDIT_FIELDS, DELETED_FIELD, ID_FIELD, TENANT_FIELD, writableStatusField } from './base-fields.js';
import { humanize, snakeCase } from './names.js';
import { DEFAULT_PAGE_SIZES } from './page-sizes.js';
import { SchemaError } from './schema-error.js';
import { actionButtons, normalizeActions } from './normalize-actions.js';
import { normalizeSideTree } from './normalize-side-tree.js';
import { endpointOptions } from './normalize-endpoint-options.js';
import { checkFieldFills, normalizeViews } from './normalize-open-list.js';
import { normalizeFlow, withFlow, withFlowLabels } from './normalize-flow.js';

/* The authored format is checked against entity.meta.json before this runs, so the
   casts below only name shapes the meta-schema already guaranteed. */
type Json = Record<string, any>;

const POST_KINDS: readonly EndpointKind[] = ['submit', 'remove', 'import'];
const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export interface SchemaSource {
  /** `<module>/<name>` */
  key: string;
  /** Path shown in messages. */
  source: string;
  /** The authored schema with x-extends already resolved. */
  json: Json;
}

function fieldType(prop: Json): FieldType {
  if (prop['x-type']) return prop['x-type'] as FieldType;
  if (prop.type === 'integer' || prop.type === 'number' || prop.type === 'boolean') return prop.type;
  return 'string';
}

export function defaultWidget(type: FieldType, prop: Json): WidgetName {
  if (prop['x-dict']) return 'dict-select';
  if (prop['x-options']) return 'tree-select';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'switch';
  if (type === 'datetime' || type === 'date') return 'datetime';
  return 'text';
}

function validationSchema(type: FieldType, prop: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(prop)) {
    if (!key.startsWith('x-') && key !== 'readOnly' && key !== 'title') out[key] = value;
  }
  if (type === 'id') Object.assign(out, { type: 'string', pattern: '^\\d{1,19}$' });
  if (type === 'datetime') Object.assign(out, { type: 'string', pattern: DATETIME_PATTERN });
  if (type === 'date') Object.assign(out, { type: 'string', pattern: DATE_PATTERN });
  return out;
}

function fieldOptions(raw: Json | undefined): FieldOptions | undefined {
  if (!raw) return undefined;
  return {
    url: raw.url,
    labelKey: raw.labelKey ?? 'title',
    valueKey: raw.valueKey ?? 'value',
    multiple: raw.multiple ?? false,
    join: raw.join,
    ...(raw.detailKey ? { detailKey: raw.detailKey } : {}),
    ...(raw.params ? { params: { ...raw.params } } : {}),
    ...(raw.strict === true ? { strict: true } : {}),
    ...(raw.leaves === true ? { leaves: true } : {}),
    ...(raw.dataKey ? { dataKey: raw.dataKey } : {}),
    ...(raw.menuLabels === true ? { menuLabels: true } : {}),
  };
}

function normalizeField(name: string, prop: Json): FieldModel {
  const type = fieldType(prop);
  return {
    name,
    column: prop['x-column'] ?? snakeCase(name),
    type,
    label: prop['x-label'] ?? { zh: humanize(name), en: humanize(name) },
    messages: prop['x-messages'] ?? {},
    widget: prop['x-widget'] ?? defaultWidget(type, prop),
    dict: prop['x-dict'],
    options: fieldOptions(prop['x-options']),
    disabledIn: (prop['x-disabled'] ?? []) as FormMode[],
    hiddenIn: (prop['x-hidden'] ?? []) as FormMode[],
    span: prop['x-span'] ?? 24,
    defaultValue: prop.default,
    readOnly: prop.readOnly === true,
    secret: prop['x-secret'] === true,
    hashed: prop['x-hashed'] === true,
    sanitize: prop['x-sanitize'],
    isBase: false,
    maxLength: prop.maxLength,
    schema: validationSchema(type, prop),
    format: prop['x-format'] && { unit: localUnit(prop['x-format'].unit), divisor: prop['x-format'].divisor ?? 1, decimals: prop['x-format'].decimals ?? 0 },
    unset: prop['x-unset'] as FieldUnset | undefined,
    when: fieldWhen(prop['x-when']),
    ...(prop['x-fill'] ? { fill: prop['x-fill'] } : {}),
    ...(prop['x-placeholder'] ? { placeholder: prop['x-placeholder'] } : {}),
    confirm: prop['x-confirm'] && { field: prop['x-confirm'].field, label: prop['x-confirm'].label, messages: prop['x-confirm'].messages ?? {} },
    ...(prop['x-column-default'] !== undefined ? { columnDefault: prop['x-column-default'] } : {}),
  };
}

function fieldWhen(raw: Json | undefined): FieldWhen | undefined {
  if (!raw) return undefined;
  return { field: raw.field, shownFor: raw.shownFor?.map(String), labels: raw.labels ?? {} };
}

/** The base status column as `x-table.status` names and labels it (OSS: 是否启用, yes_no's 否 / 是). */
function labelledStatus(status: FieldModel, spec: { label?: FieldModel['label']; dict?: string } | undefined): FieldModel {
  if (!spec) return status;
  return { ...status, label: spec.label ?? status.label, ...(spec.dict ? { dict: spec.dict } : {}) };
}

/**
 * Columns the engine adds and fills. A table of another data source is mapped as it is:
 * no generated id, and audit, soft delete and tenant columns only where it says it has them.
 */
function baseFields(table: Json, external: boolean): FieldModel[] {
  const out: FieldModel[] = [];
  if (!external && (table.primaryKey ?? 'id') === 'id') out.push(ID_FIELD);
  if (table.tenancy === 'tenant') out.push(TENANT_FIELD);
  if (external ? table.audit === true : table.audit !== false) {
    const writable: number[] | undefined = table.writableStatus;
    out.push(...AUDIT_FIELDS.map((f) => (f.name === 'status' ? labelledStatus(writable ? writableStatusField(writable) : f, table.status) : f)));
  }
  if (external ? table.logicalDelete === true : table.logicalDelete !== false) out.push(DELETED_FIELD);
  return out;
}

function defaultOp(field: FieldModel): FilterOp {
  if (field.type === 'string' && !field.dict && (!field.options || hasDependentOptions(field))) return 'like';
  return 'equal';
}

class ModelChecker {
  constructor(
    private readonly source: string,
    private readonly fields: Map<string, FieldModel>,
  ) {}

  field(name: string, pointer: string): FieldModel {
    const field = this.fields.get(name);
    if (!field) throw new SchemaError(this.source, pointer, `unknown field "${name}"`);
    return field;
  }

  fail(pointer: string, detail: string): never {
    throw new SchemaError(this.source, pointer, detail);
  }
}

function normalizeColumns(raw: unknown[] | undefined, fields: FieldModel[], check: ModelChecker, at: string): ListColumn[] {
  if (!raw) {
    return fields.filter((f) => !f.isBase && !f.secret).map((f) => ({ field: f.name, hidden: false }));
  }
  return raw.map((item, i) => {
    const col: Json = typeof item === 'string' ? { field: item } : (item as Json);
    check.field(col.field, `${at}/columns/${i}`);
    return { field: col.field, width: col.width, hidden: col.hidden === true };
  });
}

function normalizeSearch(raw: unknown[] | undefined, check: ModelChecker, at: string): SearchKey[] {
  return (raw ?? []).map((item, i) => {
    const key: Json = typeof item === 'string' ? { field: item } : (item as Json);
    const field = check.field(key.field, `${at}/search/${i}`);
    return { field: key.field, op: key.op ?? defaultOp(field), range: key.range === true };
  });
}

function normalizeView(raw: Json, fields: FieldModel[], check: ModelChecker, at: string): ListView {
  for (const [i, name] of [...(raw.hidden ?? []), ...(raw.disabled ?? [])].entries()) {
    check.field(name, `${at}/hidden|disabled/${i}`);
  }
  for (const name of Object.keys(raw.defaults ?? {})) check.field(name, `${at}/defaults/${name}`);
  for (const [target, from] of Object.entries((raw.presets ?? {}) as Record<string, string>)) {
    check.field(target, `${at}/presets/${target}`);
    check.field(from, `${at}/presets/${target}`);
  }
  return {
    endpoint: raw.endpoint ?? 'list',
    mode: raw.mode ?? 'page',
    columns: normalizeColumns(raw.columns, fields, check, at),
    search: normalizeSearch(raw.search, check, at),
    pageSizes: raw.pageSizes ?? [...DEFAULT_PAGE_SIZES],
    parentParam: raw.parentParam,
    hidden: raw.hidden ?? [],
    disabled: raw.disabled ?? [],
    defaults: raw.defaults ?? {},
    presets: raw.presets ?? {},
    actions: (raw.actions as StandardAction[] | undefined) ?? [...STANDARD_ACTIONS],
    title: raw.title as LocalText | undefined,
    children: raw.children ? normalizeView(raw.children, fields, check, `${at}/children`) : undefined,
    sideTree: normalizeSideTree(raw.sideTree, check, `${at}/sideTree`),
  };
}

function normalizeEndpoints(raw: Json, check: ModelChecker): Record<string, EndpointModel> {
  const out: Record<string, EndpointModel> = {};
  for (const [action, ep] of Object.entries(raw as Record<string, Json>)) {
    const at = `/x-api/endpoints/${action}`;
    const kind: EndpointKind | undefined =
      ep.kind ?? (action === 'list' ? 'page' : ENDPOINT_KINDS.find((k) => k === action));
    if (!kind) check.fail(at, `action "${action}" is not a kind; give it a "kind"`);
    const where = (ep.where ?? []).map((w: Json, i: number) => {
      check.field(w.field, `${at}/where/${i}`);
      return { field: w.field, op: w.op, value: w.value };
    });
    const params: EndpointModel['params'] = {};
    for (const [name, p] of Object.entries((ep.params ?? {}) as Record<string, Json>)) {
      check.field(p.field, `${at}/params/${name}`);
      params[name] = { field: p.field, op: p.op ?? 'equal', default: p.default };
    }
    out[action] = {
      action,
      kind,
      method: POST_KINDS.includes(kind) ? 'POST' : 'GET',
      where,
      params,
      searchable: ep.searchable !== false,
      labels: ep.labels !== false,
      log: ep.log === true,
      ...(ep.viewHooks === true ? { viewHooks: true } : {}),
      ...(isWorkbookKind(kind) ? { file: workbookFile(ep.file, check, at) } : {}),
      ...(ep.keyRequired === true ? { keyRequired: keyRequired(kind, check, at) } : {}),
      ...(ep.linked ? { linked: linkedSelect(ep.linked, kind, check, at) } : {}),
      ...endpointOptions(ep, kind, check, at),
    };
  }
  checkErrorWorkbooks(out, check);
  return out;
}

/** An `import-errors` endpoint downloads what the entity's `import` endpoint kept of a rejected upload: it needs one. */
function checkErrorWorkbooks(endpoints: Record<string, EndpointModel>, check: ModelChecker): void {
  const all = Object.values(endpoints);
  if (all.some((e) => e.kind === 'import')) return;
  for (const e of all) if (e.kind === 'import-errors') check.fail(`/x-api/endpoints/${e.action}`, 'an import-errors endpoint needs an import endpoint');
}

function workbookFile(raw: Json | undefined, check: ModelChecker, at: string): WorkbookFile {
  if (!raw) check.fail(`${at}/file`, 'a workbook endpoint names its file');
  return { name: raw!.name, ascii: raw!.ascii };
}

function keyRequired(kind: EndpointKind, check: ModelChecker, at: string): true {
  if (kind !== 'submit') check.fail(`${at}/keyRequired`, 'keyRequired is for submit endpoints');
  return true;
}

function linkedSelect(raw: Json, kind: EndpointKind, check: ModelChecker, at: string): LinkedSelect {
  if (kind !== 'select') check.fail(`${at}/linked`, 'linked is for select endpoints');
  return { param: raw.param, entity: raw.entity, by: raw.by, field: raw.field };
}

function recordSchema(fields: FieldModel[], required: string[], conditions: Json[]): Json {
  const properties: Json = {};
  for (const f of fields) if (!f.readOnly) properties[f.name] = f.schema;
  return conditions.length ? { type: 'object', properties, required, allOf: conditions } : { type: 'object', properties, required };
}

/** `allOf` if/then/else rules: every field they require must exist. */
function checkConditions(conditions: Json[], check: ModelChecker): void {
  conditions.forEach((rule, i) => {
    for (const branch of ['if', 'then', 'else'] as const) {
      ((rule[branch]?.required ?? []) as string[]).forEach((f, j) => check.field(f, `/allOf/${i}/${branch}/required/${j}`));
    }
  });
}

/** `x-form.sections`, the `x-when` and `x-options.params` of fields: every field named must exist. */
function checkFormLayout(form: Json, declared: FieldModel[], check: ModelChecker): FormSection[] {
  const sections = (form.sections ?? []) as FormSection[];
  sections.forEach((s, i) => s.fields.forEach((f, j) => check.field(f, `/x-form/sections/${i}/fields/${j}`)));
  for (const f of declared) if (f.when) check.field(f.when.field, `/properties/${f.name}/x-when/field`);
  for (const f of declared) {
    for (const [param, name] of Object.entries(f.options?.params ?? {})) check.field(name, `/properties/${f.name}/x-options/params/${param}`);
  }
  return sections;
}

/**
 * `x-menu.buttons`: standard actions by name, others as {action, name, icon, func}. The
 * default is the standard buttons the screen can show: offered by the list
 * (`x-list.actions`) and served (`add`/`edit` need submit, `delete` remove, `view` detail).
 */
function menuButtons(raw: (string | Json)[] | undefined, shown: { list: ListView; endpoints: Record<string, EndpointModel> }): MenuButton[] {
  const standard = STANDARD_BUTTONS as Record<string, MenuButton>;
  if (!raw) {
    const kinds = new Set(Object.values(shown.endpoints).map((e) => e.kind));
    return STANDARD_ACTIONS.filter((a) => shown.list.actions.includes(a) && kinds.has(ENDPOINT_OF_ACTION[a])).map((a) => standard[a]);
  }
  return raw.map((b) => (typeof b === 'string'
    ? standard[b]
    : { action: b.action, name: b.name, source: b.icon ?? 'setting', func: b.func ?? 1 }));
}

/** Authored schema (extends resolved, meta-schema checked) → EntityModel. */
export function normalizeSchema({ key, source, json: authored }: SchemaSource): EntityModel {
  const json = withFlow(authored);
  const [module, name] = key.split('/');
  const table: Json = json['x-table'];
  const declared = Object.entries(json.properties as Record<string, Json>).map(([n, p]) => withFlowLabels(json, normalizeField(n, p)));
  const datasource: string | undefined = json['x-datasource'];
  const external = datasource !== undefined;
  const base = baseFields(table, external);
  const fields = [...base.filter((b) => !declared.some((d) => d.name === b.name)), ...declared];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const check = new ModelChecker(source, byName);
  for (const f of declared) if (f.widget === 'grid') check.fail(`/properties/${f.name}/x-widget`, 'x-widget "grid" is an action form\'s field (x-actions[].form), not a column');

  for (const d of declared) {
    if (base.some((b) => b.name === d.name)) check.fail(`/properties/${d.name}`, `"${d.name}" is a base column added by the engine`);
  }
  const primaryKey: string = table.primaryKey ?? 'id';
  if (external && !declared.some((d) => d.name === primaryKey)) {
    check.fail('/x-table/primaryKey', `a table of data source "${datasource}" keeps its own primary key: declare "${primaryKey}" in properties`);
  }
  check.field(primaryKey, '/x-table/primaryKey');
  if (table.writableStatus && !byName.has('status')) check.fail('/x-table/writableStatus', 'the table has no status column (x-table.audit is off)');
  const required: string[] = json.required ?? [];
  required.forEach((r, i) => check.field(r, `/required/${i}`));
  (table.unique ?? []).forEach((u: Json, i: number) => u.fields.forEach((f: string) => check.field(f, `/x-table/unique/${i}`)));
  const indexFields = (ix: string[] | { fields: string[] }) => (Array.isArray(ix) ? ix : ix.fields);
  (table.indexes ?? []).forEach((ix: string[] | { fields: string[]; include?: string[] }, i: number) => {
    const at = `/x-table/indexes/${i}`;
    for (const f of Array.isArray(ix) ? ix : ix.fields) {
      const month = monthKeyOf(f);
      if (month === undefined) check.field(f, at);
      else if (Array.isArray(ix) || !ix.include?.length) check.fail(at, `"${f}": month(…) keys only a covering index (with include)`);
      else if (check.field(month, at).type !== 'date') check.fail(at, `"${f}": month(…) takes a date field`);
    }
    for (const f of Array.isArray(ix) ? [] : ix.include ?? []) check.field(f, at);
  });
  const declaredIndexes: (string[] | { fields: string[]; method?: string; include?: string[] })[] = table.indexes ?? [];
  const isTrigram = (ix: (typeof declaredIndexes)[number]) => !Array.isArray(ix) && ix.method === 'trigram';
  const isCovering = (ix: (typeof declaredIndexes)[number]) => !Array.isArray(ix) && ix.method !== 'trigram' && !!ix.include?.length;

  let tree: EntityModel['tree'];
  if (table.tree) {
    check.field(table.tree.parentField, '/x-table/tree/parentField');
    check.field(table.tree.labelField, '/x-table/tree/labelField');
    const root = table.tree.root ?? '0';
    if (table.tree.ancestorsField) check.field(table.tree.ancestorsField, '/x-table/tree/ancestorsField');
    tree = {
      parentField: table.tree.parentField,
      labelField: table.tree.labelField,
      root,
      lazyRoot: table.tree.lazyRoot ?? root,
      ancestorsField: table.tree.ancestorsField,
    };
  }

  const endpoints = normalizeEndpoints(json['x-api'].endpoints, check);
  const list = normalizeView(json['x-list'] ?? {}, fields, check, '/x-list');
  const hasScreen = json['x-list'] !== undefined || Object.keys(endpoints).length > 0;
  for (const view of hasScreen ? ([list, list.children].filter(Boolean) as ListView[]) : []) {
    if (!endpoints[view.endpoint]) check.fail('/x-list/endpoint', `no endpoint "${view.endpoint}" in x-api`);
  }
  if (list.sideTree && endpoints[list.endpoint]) endpoints[list.endpoint].treeFilter = list.sideTree;
  const needsTree = Object.values(endpoints).some((e) => ['tree', 'subtree', 'lazy-tree', 'lazy-list', 'tenant-tree'].includes(e.kind));
  if (needsTree && !tree) check.fail('/x-table/tree', 'tree endpoints need x-table.tree');

  const form: Json = json['x-form'] ?? {};
  (form.order ?? []).forEach((f: string, i: number) => check.field(f, `/x-form/order/${i}`));
  const formSections = checkFormLayout(form, declared, check);
  checkFieldFills(declared, check);
  const views = normalizeViews(json['x-views'], { check, hasEndpoint: (e) => endpoints[e] !== undefined, toView: (raw, at) => normalizeView(raw, fields, check, at) });
  const conditions: Json[] = json.allOf ?? [];
  checkConditions(conditions, check);
  const permission: string = json['x-permission'] ?? name.replace(/-/g, '_');
  const menu: Json | undefined = json['x-menu'];
  const actions = normalizeActions(json['x-actions'], { permission, endpoints, check, primaryKey, toField: normalizeField });
  const buttons = menu && menuButtons(menu.buttons, { list, endpoints });
  const sortField = fields.find((f) => f.name === 'sort') ? 'sort' : undefined;
  const flow = normalizeFlow(json['x-flow'], check);

  return {
    key,
    module,
    name,
    label: json['x-label'],
    labelOne: json['x-label-one'] ?? json['x-label'],
    refreshesMenu: json['x-refreshes-menu'] === true,
    table: table.name,
    tenancy: table.tenancy ?? 'shared',
    audit: base.includes(AUDIT_FIELDS[0]),
    logicalDelete: base.includes(DELETED_FIELD),
    primaryKey,
    generatedId: !external && primaryKey === 'id',
    tree,
    unique: table.unique ?? [],
    indexes: declaredIndexes.filter((ix) => !isTrigram(ix) && !isCovering(ix)).map(indexFields),
    coveringIndexes: declaredIndexes.filter(isCovering).map((ix) => ({ fields: indexFields(ix), include: (ix as { include: string[] }).include })),
    trigramIndexes: [...new Set(declaredIndexes.filter(isTrigram).flatMap(indexFields))],
    apiPath: json['x-api'].path,
    endpoints,
    list,
    formWidth: form.width ?? 880,
    formOrder: form.order ?? declared.map((f) => f.name),
    formSections,
    permission,
    menu: menu && {
      path: menu.path, code: menu.code ?? permission, parent: menu.parent, sort: menu.sort ?? 1, icon: menu.icon,
      buttons: [...buttons!, ...actionButtons(actions, permission, buttons!)],
    },
    actions,
    ...(views ? { views } : {}),
    fields,
    required,
    outputFields: fields.filter((f) => !f.secret).map((f) => f.name),
    recordSchema: recordSchema(fields, required, conditions),
    sort: sortField
      ? [{ field: sortField, dir: 'asc' }, { field: primaryKey, dir: 'asc' }]
      : [{ field: primaryKey, dir: primaryKey === 'id' ? 'desc' : 'asc' }],
    source,
    datasource,
    bareTable: !base.includes(DELETED_FIELD) && table.tenancy !== 'tenant',
    excel: excelOf({ json, external, endpoints, listEndpoint: list.endpoint, label: json['x-label'] }),
    ...(flow ? { flow } : {}),
  };
}

/**
 * `x-import` / `x-export`: `true`/`false` or an object. An object x-import is the console's import
 * dialog (the import itself is the module's kind or, with a submit, the entity's); an object
 * x-export offers 导出 on any list of the platform's database (a module's export kind serves
 * one that is no page: the regions' lazy tree), behind its permission and roles.
 */
function excelOf(input: { json: Json; external: boolean; endpoints: Record<string, EndpointModel>; listEndpoint: string; label: LocalText }): EntityModel['excel'] {
  const { json, external, endpoints, label } = input;
  const rawImport = json['x-import'];
  const rawExport = json['x-export'];
  const dialog: Json | undefined = typeof rawImport === 'object' && rawImport !== null ? rawImport : undefined;
  const gate: Json | undefined = typeof rawExport === 'object' && rawExport !== null ? rawExport : undefined;
  const template = Object.values(endpoints).find((e) => e.kind === 'export-template');
  return {
    export: exportsOf({ external, gate, rawExport, isPageList: endpoints[input.listEndpoint]?.kind === 'page' }),
    import: !external && rawImport === true && endpoints.submit !== undefined,
    ...(dialog && !external ? {
      importDialog: {
        title: dialog.title ?? { zh: `${label.zh}数据导入`, en: `Import ${label.en.toLowerCase()}` },
        cover: dialog.cover !== false,
        ...(template ? { templateUrl: `${json['x-api'].path}/${template.action}` } : {}),
        templateName: dialog.templateName ?? { zh: `${label.zh}数据模板`, en: `${label.en.toLowerCase()} template` },
        ...(dialog.permission ? { permission: dialog.permission } : {}),
        roles: dialog.roles ?? [],
      },
    } : {}),
    ...(gate ? { exportGate: { ...(gate.confirm ? { confirm: gate.confirm } : {}), ...(gate.permission ? { permission: gate.permission } : {}), roles: gate.roles ?? [] } } : {}),
  };
}

/**
 * Whether the list offers 导出: on the platform's database every page list unless
 * `x-export: false` (or any list behind a gate); a data source's page list only when the
 * schema says so (`x-export: true` or a gate), as generated screens do.
 */
function exportsOf(input: { external: boolean; gate: Json | undefined; rawExport: unknown; isPageList: boolean }): boolean {
  const { external, gate, rawExport, isPageList } = input;
  if (external) return isPageList && (rawExport === true || gate !== undefined);
  return gate !== undefined || (isPageList && rawExport !== false);
}

/** An `x-format` unit: one text for every language, or one per language. */
function localUnit(unit: string | LocalText): LocalText {
  return typeof unit === 'string' ? { zh: unit, en: unit } : unit;
}
