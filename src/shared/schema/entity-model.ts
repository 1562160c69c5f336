/**
 * The normalized model of one entity: what the engines read. It is built once from
 * an authored schema file (`schemas/<module>/<entity>.json`) by `normalizeSchema`;
 * defaults are filled, base columns added and every reference checked.
 */

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** A text in every supported language. */
export type LocalText = Record<Lang, string>;

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'id' | 'datetime' | 'date';

/*
 * The name lists below are the TypeScript side of enums in schemas/entity.meta.json;
 * tests/unit/schema/meta-schema-lists.test.ts keeps the two equal.
 */

/** How a field is edited. Every name must have a widget in the client (checked by tsc). */
export const WIDGET_NAMES = [
  'text', 'textarea', 'number', 'switch', 'dict-select', 'dict-radio', 'tree-select', 'select', 'datetime', 'richtext', 'icon', 'password',
  'tree-check', 'transfer', 'file',
] as const;
/** `grid`: an action form's list of rows edited in place (never a column's widget, so codegen's componentType stays WIDGET_NAMES). */
export const FORM_ONLY_WIDGETS = ['grid'] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number] | (typeof FORM_ONLY_WIDGETS)[number];

/** Widgets whose value is a list of ids (type array): an action's form reads it as the action's keys are read. */
export const isIdListWidget = (widget: WidgetName): boolean => widget === 'tree-check' || widget === 'transfer';

export const FORM_MODES = ['add', 'edit', 'view'] as const;
export type FormMode = (typeof FORM_MODES)[number];

/** BladeX suffix operators for list filters (`paramName_like=…`). */
export const FILTER_OPS = [
  'like', 'notlike', 'likeleft', 'likeright', 'equal', 'notequal', 'gt', 'ge', 'lt', 'le',
  'datege', 'dategt', 'dateequal', 'datelt', 'datele', 'null', 'notnull',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface FieldOptions {
  /** API path (without /api) returning options: a tree (TreeNode[]) or a flat list. */
  url: string;
  /** Property of an option used as its label; default `title`. */
  labelKey: string;
  /** Property of an option used as its value; default `value`, else `id`. */
  valueKey: string;
  multiple: boolean;
  /** When multiple: the value is sent as one string joined by this separator. */
  join?: string;
  /** Property of an option shown after its label (a table's comment). */
  detailKey?: string;
  /** Query parameter → field of the same form whose value it carries (options that depend on another field). */
  params?: Record<string, string>;
  /** tree-check: every box on its own (no cascade, no half-ticked parents). */
  strict?: boolean;
  /** tree-check: the value is the ticked leaves only (inner nodes only group them). */
  leaves?: boolean;
  /** Property of the answer's data holding the options (one answer feeding several fields). */
  dataKey?: string;
  /** The options are menu rows (value = menu id): labels in the user's language, as the sidebar names them. */
  menuLabels?: boolean;
}

export interface FieldModel {
  name: string;
  /** snake_case SQL column (server only; stripped from the client model). */
  column: string;
  type: FieldType;
  label: LocalText;
  /** Per-rule messages: key is the ajv keyword (`required`, `maxLength`, `pattern`, `format`…). */
  messages: Record<string, LocalText>;
  widget: WidgetName;
  dict?: string;
  options?: FieldOptions;
  /** Form modes in which the field is shown but cannot be changed. */
  disabledIn: FormMode[];
  /** Form modes in which the field is not shown. */
  hiddenIn: FormMode[];
  /** Grid span in the dialog form (of 24). */
  span: number;
  defaultValue?: unknown;
  /** Managed by the server: never taken from a request body. */
  readOnly: boolean;
  /** Never sent to a client (password hashes). */
  secret: boolean;
  /** Hashed with argon2id before it is stored. */
  hashed: boolean;
  /** `html`: rich text sanitized on the server before it is stored. */
  sanitize?: 'html';
  /** One of the base columns the engine fills (id, audit, tenant). */
  isBase: boolean;
  maxLength?: number;
  /** The property's JSON Schema as authored (used for validation). */
  schema: Record<string, unknown>;
  /** `x-format`: how lists show a number (attachSize in bytes as 20 KB). */
  format?: NumberFormat;
  /** `x-unset`: how lists show a value that means "not set" (a quota of -1, no expiry: 不限制). */
  unset?: FieldUnset;
  /** Words for the field's values in lists and views (an x-flow entity's status: 审批中 / In approval). */
  valueLabels?: Record<string, LocalText>;
  /** `x-when`: the form shows and labels the field after another field's value. */
  when?: FieldWhen;
  /** `x-fill`: on add, picking a value of this field fills other fields (field → template or value map). */
  fill?: Record<string, FieldFill>;
  /** `x-confirm`: a confirmation input that must equal this field (never stored). */
  confirm?: FieldConfirm;
  /** `x-column-default`: the column is `not null` with this default (`now` on a datetime: the insert's time). */
  columnDefault?: string | number;
  /** `x-placeholder`: text shown in the empty input. */
  placeholder?: LocalText;
  /** `x-widget: "grid"`: the grid's cells, one per property of `items.properties` (a field each). */
  cells?: FieldModel[];
  /** `x-widget: "grid"` with `x-row-key`: the item property naming a row (`data-column`, aria-labels `<row key> <cell>`). */
  rowKey?: string;
}

/** A value typed twice: the second input's name, label and messages (`required`, `const`). */
export interface FieldConfirm {
  field: string;
  label: LocalText;
  messages: Record<string, LocalText>;
}

/** A field that follows another one's value in the form (SMS fields per provider). */
export interface FieldWhen {
  field: string;
  /** Values (as text) for which the field is shown; absent = always. */
  shownFor?: string[];
  /** Label for some values (value as text → label). */
  labels: Record<string, LocalText>;
}

/** A titled group of the dialog (`x-form.sections`). */
export interface FormSection {
  key: string;
  label: LocalText;
  fields: string[];
}

/** A value that means "not set": empty, or a number at most `atMost`; lists show `label` instead. */
export interface FieldUnset {
  label: LocalText;
  atMost?: number;
}

/** A number shown as value / divisor with at most `decimals` places, then the unit. */
export interface NumberFormat {
  unit: LocalText;
  divisor: number;
  decimals: number;
}

export interface ListColumn {
  field: string;
  width?: number;
  hidden: boolean;
}

export interface SearchKey {
  field: string;
  /** Operator used when the plain key is sent (`paramName=x`). */
  op: FilterOp;
  /** `range`: two inputs sent as `<field>_dategt` and `<field>_datelt`. */
  range: boolean;
}

export const LIST_MODES = ['page', 'tree', 'lazy-tree'] as const;
export type ListMode = (typeof LIST_MODES)[number];

/** The engine's own buttons on a list: 新增 (and 新增子项), 编辑, 删除, 查看. */
export const STANDARD_ACTIONS = ['add', 'edit', 'delete', 'view'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** The endpoint each standard button calls: a button without it would answer 404. */
export const ENDPOINT_OF_ACTION: Record<StandardAction, EndpointKind> = { add: 'submit', edit: 'submit', delete: 'remove', view: 'detail' };

export interface ListView {
  /** Endpoint (action name under the API path) that feeds the table. */
  endpoint: string;
  mode: ListMode;
  columns: ListColumn[];
  search: SearchKey[];
  pageSizes: number[];
  /** Query parameter carrying the parent for lazy trees and child lists. */
  parentParam?: string;
  /** Form overrides for this view: fields hidden / disabled in every mode, preset values. */
  hidden: string[];
  disabled: string[];
  defaults: Record<string, unknown>;
  /** Row values copied into a new child record: target field → source field of the parent row. */
  presets: Record<string, string>;
  /**
   * The standard buttons this view may offer (`x-list.actions`, default all four). The
   * screen shows one only when the entity also serves its endpoint and the user holds its
   * button code (see the client's `listPermissions`).
   */
  actions: StandardAction[];
  title?: LocalText;
  /** A nested list opened from a row (the dictionary's child list). */
  children?: ListView;
  /** `x-list.sideTree`: a tree beside the list whose pick filters it (users by department). */
  sideTree?: SideTree;
}

export const ENDPOINT_KINDS = ['page', 'list', 'tree', 'subtree', 'lazy-tree', 'lazy-list', 'tenant-tree', 'select', 'detail', 'submit', 'remove', 'linked-keys', 'lookup', 'forests', 'export', 'export-template', 'import', 'import-errors'] as const;
/** The synchronous BladeX workbook endpoints: an .xlsx download, the token accepted in the query. */
export const WORKBOOK_KINDS = ['export', 'export-template', 'import-errors'] as const;
export type WorkbookKind = (typeof WORKBOOK_KINDS)[number];
export const isWorkbookKind = (kind: string): kind is WorkbookKind => (WORKBOOK_KINDS as readonly string[]).includes(kind);
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export interface FixedCondition {
  field: string;
  /** `in`: the value is a list, the field one of it (fixed predicates only, never a request's filter). */
  op: FilterOp | 'in';
  /** A value, or `{caller: "tenantId"}`: the caller's own (a tenant column that is a field, not x-table tenancy). */
  value?: unknown;
}

export interface EndpointModel {
  action: string;
  kind: EndpointKind;
  method: 'GET' | 'POST';
  /** Fixed predicates added to every query of this endpoint. */
  where: FixedCondition[];
  /** Query parameters this endpoint maps to predicates (name → field + op). */
  params: Record<string, { field: string; op: FilterOp; default?: string }>;
  /** Whether the schema's search keys apply. */
  searchable: boolean;
  /** Whether answers carry the view labels (`<field>Name`, `parentName`); default true. */
  labels?: boolean;
  /** Every call writes an API log (`x-api.endpoints.<action>.log`); absent = false. POSTs are logged anyway. */
  log?: boolean;
  /** Workbook endpoints (`export`, `export-template`): the download's file name. */
  file?: WorkbookFile;
  /** `submit` endpoints: the body must carry the key (BladeX update); absent = false. */
  keyRequired?: boolean;
  /** `x-api.endpoints.<action>.viewHooks`: answers pass through the entity's `viewRecords` hooks; absent = false. */
  viewHooks?: boolean;
  /** The list view's side tree, on the endpoint that feeds the view: its parameter filters the rows. */
  treeFilter?: SideTree;
  /** `select` endpoints: the rows a parameter or another entity's row names (`x-api.endpoints.<action>.linked`). */
  linked?: LinkedSelect;
  /** `linked-keys` endpoints: per answer key, the keys linked to the rows a parameter names. */
  linkedKeys?: LinkedKeys;
  /** Served at this API path (without /api) instead of `<x-api.path>/<action>`: BladeX lists the top menus under menu/top-menu. */
  path?: string;
  /** The caller must hold one of these role aliases (else 403 authority.forbidden); absent = any caller the API scopes let through. */
  roles?: string[];
  /** `detail` and `submit`: the row is the caller's own, its key the token's `userId`; the query's or body's key is not read. */
  keyFrom?: CallerKey;
  /** `submit` with `keyFrom`: the only body fields written (BladeX update-info: a user's profile fields); `page`, `list`: the only fields answered. */
  fields?: string[];
  /** `page`, `list`: the order of the rows instead of the entity's `x-table.sort` (a request's ascs/descs still come first). */
  sort?: { field: string; dir: 'asc' | 'desc' }[];
  /** `list`: answer only this field of each row, as text (BladeX string lists: the demo accounts). */
  values?: string;
  /** `lookup`: answered without sign-in (the sign-in page asks it), read as the platform, only `answer`'s fields. */
  open?: boolean;
  /** `lookup`: answer key → field of the row found, as text ('' for none). */
  answer?: Record<string, string>;
  /** `forests`: answer key → a forest of the endpoint's rows as bare TreeNodes, or of those owning another entity's rows as leaves. */
  forests?: Record<string, { leaves?: ForestLeaves }>;
  /** `tree`: bare BladeX TreeNodes (id, parentId, title, key, value, children, hasChildren), none of the rows' other fields. */
  nodes?: boolean;
  /** `detail`: the row of another entity that this entity's row (found by a parameter) names (BladeX tenant/package-detail). */
  via?: DetailVia;
}

/** `x-api.endpoints.<action>.via`. */
export interface DetailVia {
  /** Query parameter with the value this entity's row is found by (tenantId). */
  param: string;
  /** This entity's field holding that value (tenantId). */
  field: string;
  /** This entity's field holding the key of the row answered (packageId). */
  key: string;
  /** Entity of the row answered (system/tenant-package). */
  entity: string;
}

/** Another entity's rows hung as leaves under the nodes their `parent` field names (a menu's data scope rules). */
export interface ForestLeaves {
  entity: string;
  /** Its field holding the node's key (menuId). */
  parent: string;
  /** Its field shown as the leaf's title (scopeName). */
  label: string;
}

/** Where an endpoint is served (without /api): its own `path`, else `<x-api.path>/<action>`. */
export const endpointPath = (model: { apiPath: string }, endpoint: Pick<EndpointModel, 'action' | 'path'>): string =>
  endpoint.path ?? `${model.apiPath}/${endpoint.action}`;

/** A key a verified token carries. */
export type CallerKey = 'userId' | 'tenantId' | 'deptId';

/** A fixed predicate's value taken from the caller's token (`{"caller": "tenantId"}`). */
export interface CallerValue {
  caller: CallerKey;
}

export const isCallerValue = (value: unknown): value is CallerValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as CallerValue).caller === 'string';

/** `x-api.endpoints.<action>.linkedKeys`: BladeX role-tree-keys, top-tree-keys. */
export interface LinkedKeys {
  /** Query parameter naming the owner rows (comma-joined keys: roleIds). */
  param: string;
  /** Entity of the owner rows; only those the caller reaches count (system/role). */
  entity: string;
  /** Answer key → link entity whose `owner` field holds an owner key and `target` field the key answered. */
  keys: Record<string, { entity: string; owner: string; target: string; where: FixedCondition[] }>;
}

export interface WorkbookFile {
  /** Text key of the file name in the caller's language (user.exportName). */
  name: string;
  /** The plain ASCII file name for clients without RFC 5987 (users). */
  ascii: string;
}

export interface TreeModel {
  parentField: string;
  labelField: string;
  /** parent value of a root node ("0"). */
  root: string;
  /** Value of the node the lazy tree starts from when no parent is given. */
  lazyRoot: string;
  /** Field holding the comma-joined ancestor keys, filled by the engine. */
  ancestorsField?: string;
}

export interface UniqueKey {
  fields: string[];
  message: LocalText;
}

/** A button seeded under a screen's menu, coded `<permission>_<action>`. */
export interface MenuButton {
  action: string;
  /** Menu name of the button (zh, as BladeX seeds it). */
  name: string;
  /** Icon (menu source). */
  source: string;
  /** dict button_func: 1 toolbar, 2 row, 3 both. */
  func: number;
}

/** The standard buttons, by action. */
export const STANDARD_BUTTONS: Record<'add' | 'edit' | 'delete' | 'view', MenuButton> = {
  add: { action: 'add', name: '新增', source: 'plus', func: 1 },
  edit: { action: 'edit', name: '修改', source: 'form', func: 2 },
  delete: { action: 'delete', name: '删除', source: 'delete', func: 3 },
  view: { action: 'view', name: '查看', source: 'file-text', func: 2 },
};

export interface MenuModel {
  path: string;
  code: string;
  parent?: string;
  sort: number;
  icon?: string;
  /** Buttons seeded under the menu (`x-menu.buttons`); default all four. */
  buttons: MenuButton[];
}

/** What an `x-actions` entry does on its target rows. */
export type ActionRun =
  | { kind: 'set'; values: Record<string, unknown> }
  | { kind: 'activate'; field: string; on: unknown; off: unknown }
  /** `field` set to the value of the system parameter `paramKey` (`default` when it is absent or blank), through the write hooks and field transforms. */
  | { kind: 'reset'; field: string; paramKey: string; default: string }
  /** `transaction: false`: the hook runs outside a transaction, after the engine's checks (a tenant's move between databases commits in steps). */
  | { kind: 'hook'; transaction?: false }
  /**
   * Served by a module's own route at the action's path (an operation that cannot run in the
   * action's transaction), or at `url` (an API path of another entity's module: the attachment
   * upload's put-file-attach); the engine declares no route.
   */
  | { kind: 'route'; url?: string }
  /** The console opens the row's `field` (a URL) in a new tab; the button is shown only when it is set. No route. */
  | { kind: 'link'; field: string }
  /** Nothing is called: the form is only shown (a read-only debug dialog). No route. */
  | { kind: 'none' }
  /** Opens another entity's list (or this one's) fixed to the pressed row, in a drawer or dialog; nothing is served. */
  | OpenListRun;

/** Whether an action calls the server (the engine's route or a module's): `open`, `link` and `none` only draw in the console. */
export const isServedAction = (action: { run: { kind: string } }): boolean => !['open', 'link', 'none'].includes(action.run.kind);

/** Whether the engine declares the action's route (a `route` action is its module's). */
export const hasEngineRoute = (action: { run: { kind: string } }): boolean => isServedAction(action) && action.run.kind !== 'route';

/** A served action that carries row keys (one whose `form.body` is the whole body sends none). */
export const carriesKeys = (action: { run: { kind: string }; rows: string; form?: { body?: string } }): boolean =>
  isServedAction(action) && action.rows !== 'none' && action.form?.body === undefined;

/** `run: {kind: "open"}`: the list of `entity` whose rows have `fixed` (its field → the pressed row's field). */
export interface OpenListRun {
  kind: 'open';
  /** Key of the entity listed (`system/data-scope`). */
  entity: string;
  /** Field of the listed entity → field of the pressed row: sent with every list request, preset on every save. */
  fixed: Record<string, string>;
  /** Title; `{field}` stands for the pressed row's value. Default: the action's label. */
  title?: LocalText;
  as: 'drawer' | 'dialog';
  /** Pixels. */
  width: number;
  /** Prefix of the ids inside (`scope`: scope_drawer, scope_drawer_title, scope_toolbar_add). */
  prefix: string;
}

/** An extra operation of an entity (`x-actions`): served at `<apiPath>/<path>`, shown by ResourcePage. */
export interface ActionModel {
  key: string;
  label: LocalText;
  icon: string;
  show: 'toolbar' | 'row' | 'both';
  /** none: a toolbar button that needs no selection and sends no keys. */
  rows: 'one' | 'many' | 'none';
  /** With rows one: the console acts on one row, while the call also takes several keys (BladeX's role/grant roleIds). */
  severalKeys?: true;
  /** Role aliases of which the caller must hold one (empty: any role); the button is hidden from the others. */
  roles: string[];
  /** The roles alone allow the call (BladeX's @PreAuth(hasAnyRole)): the server checks no button; the console still shows it by the button. */
  rolesSuffice?: true;
  confirm?: LocalText;
  success?: LocalText;
  /** Button code required and seeded (`oss_enable`). */
  permission: string;
  /** Further button codes that also allow it. */
  alsoGrantedBy: string[];
  /** Under x-api.path; a leading `/`: another entity's endpoint, the whole API path (run kind route). */
  path: string;
  /** Parameter carrying the key(s) (`id`, `userIds`). */
  param: string;
  /** Field of the row whose value the parameter carries (default: the primary key; the tenant settings: tenantId). */
  keyField: string;
  /** Hook actions: the console calls with `preview=true` first and shows `data.preview` in the confirmation. */
  preview: boolean;
  run: ActionRun;
  /** `showWhen`: only rows with these field values (compared as text) show the button and may be acted on. */
  showWhen?: Record<string, unknown>;
  /** `form`: the dialog asked before the call; its values travel in the body and are checked by the server. */
  form?: ActionForm;
}

/** Where an action form's first values come from (`x-actions[].form.initial`). */
export interface ActionFormInitial {
  /** One selected row: its values of the form's field names. */
  fromRow: boolean;
  /** GET endpoint read when the dialog opens (API path without /api). */
  url?: string;
  /** Query parameter → field of the selected row. */
  params: Record<string, string>;
  /** Form field → property of the answer's data. */
  fields: Record<string, string>;
  /** Form field → field of the selected row. */
  rowFields: Record<string, string>;
  /** The form field that takes the whole answer of `url` (a list of rows for a grid). */
  answerField?: string;
}

/** What an action form shows of the call's answer (`x-actions[].form.result`). */
export interface ActionFormResult {
  /** link: the text only; image: the text and the picture. */
  kind: 'link' | 'image';
  /** Property of the answer's data holding the value (e.g. `link`). */
  field: string;
  /** The line shown, `{value}` standing for the value. */
  text: LocalText;
}

/** The dialog of an `x-actions` entry: fields declared like properties, checked on both sides. */
export interface ActionForm {
  title?: LocalText;
  /** A send button under the fields instead of 确定 in the footer (debug dialogs). */
  send?: LocalText;
  width: number;
  fields: FieldModel[];
  required: string[];
  initial: ActionFormInitial;
  /** The answer shown in the dialog, which stays open (a form with a file field: the upload's link). */
  result?: ActionFormResult;
  /** No 确定: the footer only closes (关闭); a debug dialog that sends nothing. */
  readOnly: boolean;
  /** A line under the fields (`<prefix>_value`) joining the labels picked in these select fields: a cascade's path. */
  summary?: { fields: string[]; separator: string };
  /** JSON Schema of the body's form values (the fields' schemas and `required`). */
  schema: Record<string, unknown>;
  /** The fields on tabs (`form.tabs`), in this order; absent = one block. */
  tabs?: FormSection[];
  /** The form field whose value is sent as the whole body (no keys): a grid's rows. */
  body?: string;
}

/**
 * One target of `x-fill`: a text whose `{value}`, `{label}` (the picked option's label) and
 * `{opener.<field>}` (the row the list was opened from) are replaced, or a map picked value →
 * value (a value missing from it clears the target).
 */
export type FieldFill = string | Record<string, unknown>;

/** `x-screen`: the entity's screen lists another entity's rows, through one of its `x-views`, with these row buttons. */
export interface OtherListScreen {
  entity: string;
  view: string;
  actions: ActionModel[];
}

/** `x-flow`: the entity's rows are approved by a process (the flow module starts it: 提交审批). */
export interface FlowModel {
  /** Process key; the latest active deployment of it in the caller's tenant (or the shared one) is started. */
  process: string;
  /** Fields shown to the approvers. */
  fields: string[];
  /** Process variable → field of the stored row it is taken from. */
  variables: Record<string, string>;
}

export interface EntityModel {
  /** `<module>/<name>`, e.g. `system/param`. */
  key: string;
  module: string;
  name: string;
  /** The screen's title (menu, tag): `x-label`. */
  label: LocalText;
  /** One record (`x-label-one`, default `label`): dialog titles say 编辑用户 / Edit user. */
  labelOne: LocalText;
  /** `x-refreshes-menu`: a successful write may change the signed-in user's sidebar; the console loads it again. */
  refreshesMenu: boolean;
  table: string;
  tenancy: 'tenant' | 'shared';
  audit: boolean;
  logicalDelete: boolean;
  primaryKey: string;
  /** True when the primary key is a generated snowflake id. */
  generatedId: boolean;
  tree?: TreeModel;
  unique: UniqueKey[];
  /** B-tree indexes, each a list of field names. */
  indexes: string[][];
  /**
   * Covering b-tree indexes: the tenant (on tenant tables) then `fields` as the key, `include`
   * (and the deleted flag) carried in the leaves, so report aggregates read the index only.
   * A key `month(dateField)` is the month of that date (`monthKeyOf`; a stored column the engine adds,
   * db/table-design.ts `derivedColumns`), so groups by month stream in index order.
   */
  coveringIndexes: { fields: string[]; include: string[] }[];
  /** Fields with a trigram (GIN pg_trgm) index, for contains-searches on big tables. */
  trigramIndexes: string[];
  apiPath: string;
  endpoints: Record<string, EndpointModel>;
  list: ListView;
  formWidth: number;
  formOrder: string[];
  /** Titled groups of the dialog; empty = one untitled block. */
  formSections: FormSection[];
  /** How the sections show: titled blocks (absent) or tabs (an action form's `tabs`). */
  formSectionsAs?: 'tabs';
  /** Button code prefix: `<prefix>_add`, `_edit`, `_delete`, `_view`. */
  permission: string;
  menu?: MenuModel;
  /** Extra operations (`x-actions`), in schema order. */
  actions: ActionModel[];
  /** `x-views`: further lists of this entity that other entities' screens show (`x-screen`), by name. */
  views?: Record<string, ListView>;
  /** `x-screen`: the menu screen shows another entity's list instead of this one's. */
  screen?: OtherListScreen;
  fields: FieldModel[];
  required: string[];
  /** Fields written to responses, in order. */
  outputFields: string[];
  /** JSON Schema (2020-12) of a writable record, used by ajv on both sides. */
  recordSchema: Record<string, unknown>;
  /** Default sort for lists. */
  sort: { field: string; dir: 'asc' | 'desc' }[];
  /** Path of the schema file, for messages. */
  source: string;
  /**
   * `x-datasource`: the data source (id or name) whose existing table the entity maps as it
   * is; absent = the platform's own database, where the engine creates and migrates tables.
   */
  datasource?: string;
  /**
   * The table has neither is_deleted nor tenant_id: remove deletes rows for good and every
   * tenant sees every row. Code generation shows it to the administrator.
   */
  bareTable: boolean;
  /**
   * Excel jobs the list offers: export (every page list of the platform's database, unless
   * `x-export: false`) and import (`x-import: true` and a submit endpoint).
   */
  excel: { export: boolean; import: boolean; importDialog?: ImportDialogModel; exportGate?: ExportGateModel };
  /** `x-flow`: approvals by a process (status fields and 提交审批 added by the engine). */
  flow?: FlowModel;
}

/**
 * `x-import` as an object: the console's import dialog (Saber's 用户数据导入, 行政区划数据导入)
 * instead of the bare file pick. Its ids start with `<x-permission>_import` (`_dialog`,
 * `_file`, `_covered`, `_template`, `_job`).
 */
export interface ImportDialogModel {
  title: LocalText;
  /** 数据覆盖: the switch, sent as `isCovered` 1/0. */
  cover: boolean;
  /** The template download: an API path (the entity's export-template endpoint), else the jobs API's template. */
  templateUrl?: string;
  /** The template's file name (without .xlsx). */
  templateName: LocalText;
  /** Button code the 导入 button needs (absent: the add button). */
  permission?: string;
  /** Role aliases of which the caller must hold one (empty: any). */
  roles: string[];
}

/** `x-export` as an object: who sees 导出 and the question asked before its job starts. */
export interface ExportGateModel {
  confirm?: LocalText;
  /** Button code the caller needs (absent: none). */
  permission?: string;
  /** Role aliases of which the caller must hold one (empty: any). */
  roles: string[];
}

export function fieldOf(model: EntityModel, name: string): FieldModel | undefined {
  return model.fields.find((f) => f.name === name);
}

/**
 * Options that depend on other fields of the form (`x-options.params`): outside a form
 * there are no values to ask with, so lists and searches treat the value as plain text.
 */
export function hasDependentOptions(field: Pick<FieldModel, 'options'>): boolean {
  return field.options?.params !== undefined;
}

/** The primary key's field (normalization checked that it exists). */
export function keyFieldOf(model: EntityModel): FieldModel {
  return fieldOf(model, model.primaryKey)!;
}

/** The date field of an index key written `month(field)`; undefined for a plain field name. */
export function monthKeyOf(key: string): string | undefined {
  return /^month\((\w+)\)$/.exec(key)?.[1];
}

/* ---- List-side keywords (issue 31): the side tree of a list. ---- */

/**
 * `x-list.sideTree`: a tree drawn beside the list (the department tree of 用户管理). A pick
 * sends `param` with the node's key; the list's endpoint answers the rows whose `field` is
 * that node or, with `subtree`, any node below it, in the caller's tenant.
 */
export interface SideTree {
  /** API path (without /api) of the tree (TreeNode[]); its entity is the model whose path it starts with. */
  url: string;
  /** Query parameter a pick sets; default `field`. */
  param: string;
  /** Field of this entity holding the node key (comma-joined when several: then give `link`). */
  field: string;
  /** The picked node and every node below it (default true); false: the picked node only. */
  subtree: boolean;
  /** Title above the tree; default none. */
  label?: LocalText;
  /** An entity that mirrors `field` one row per (record, node), read instead of the field. */
  link?: SideTreeLink;
}

/** Rows of `entity` pair a record's key (`key`) with one node (`node`). */
export interface SideTreeLink {
  entity: string;
  key: string;
  node: string;
}

/**
 * A `select` that answers the rows named by `param` (comma-joined keys) or, when the query
 * has `by`, the keys stored in `field` of that row of `entity` (the roles of a user).
 * Both are read as the caller reaches them (tenant, data scope).
 */
export interface LinkedSelect {
  param: string;
  entity: string;
  by: string;
  field: string;
}
