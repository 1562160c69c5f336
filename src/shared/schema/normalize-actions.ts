import type { ActionModel, EndpointModel, FieldModel, MenuButton } from './entity-model.js';
import { normalizeActionForm } from './normalize-action-form.js';
import { normalizeOpenRun, normalizeShowWhen } from './normalize-open-list.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Checker {
  field(name: string, pointer: string): FieldModel;
  fail(pointer: string, detail: string): never;
}

const FUNC_BY_SHOW: Record<ActionModel['show'], number> = { toolbar: 1, row: 2, both: 3 };

/** `x-actions` → ActionModel[]: defaults filled, fields and paths checked. */
export function normalizeActions(raw: Json[] | undefined, opts: { permission: string; endpoints: Record<string, EndpointModel>; check: Checker; primaryKey: string; toField: (name: string, prop: Json) => FieldModel }): ActionModel[] {
  const { permission, endpoints, check, primaryKey, toField } = opts;
  const seen = new Set<string>();
  return (raw ?? []).map((a, i) => {
    const at = `/x-actions/${i}`;
    const path: string = a.path ?? a.key;
    if (seen.has(a.key) || seen.has(path)) check.fail(at, `action "${a.key}" (path "${path}") is declared twice`);
    seen.add(a.key).add(path);
    if (Object.values(endpoints).some((e) => e.action === path)) check.fail(`${at}/path`, `"${path}" is already an x-api endpoint`);
    if (a.run.kind === 'activate' || a.run.kind === 'reset') check.field(a.run.field, `${at}/run/field`);
    if (path.includes('/') && a.run.kind !== 'route') check.fail(`${at}/path`, 'a path of several segments needs run kind route');
    if (a.keyField !== undefined) check.field(a.keyField, `${at}/keyField`);
    if (a.keyField !== undefined && a.keyField !== primaryKey && a.run.kind !== 'hook' && a.run.kind !== 'route') check.fail(`${at}/keyField`, 'rows found by another field than the primary key need run kind hook or route');
    if (a.preview === true && a.run.kind !== 'hook') check.fail(`${at}/preview`, 'a preview needs a hook (run kind hook), which answers it');
    if (a.run.kind === 'set') for (const name of Object.keys(a.run.values)) check.field(name, `${at}/run/values/${name}`);
    const rows: ActionModel['rows'] = a.rows ?? 'one';
    if (rows === 'none' && a.show !== 'toolbar') check.fail(`${at}/rows`, 'an action on no rows is a toolbar button: show must be toolbar');
    if (rows === 'none' && !['hook', 'route', 'none'].includes(a.run.kind)) check.fail(`${at}/rows`, 'an action on no rows needs run kind hook, route or none: there is no row to write');
    if (a.run.kind === 'link') check.field(a.run.field, `${at}/run/field`);
    if (a.run.kind === 'link' && (rows !== 'one' || a.show !== 'row' || a.form)) check.fail(`${at}/run`, 'run kind link opens one row\'s URL: a row button (show row, rows one) without a form');
    if (a.run.kind === 'none' && !a.form) check.fail(`${at}/run`, 'run kind none calls nothing: it needs a form to show');
    if (a.severalKeys === true && rows !== 'one') check.fail(`${at}/severalKeys`, 'severalKeys widens rows one: rows many already takes several keys, rows none takes none');
    if (a.rolesSuffice === true && (a.roles ?? []).length === 0) check.fail(`${at}/rolesSuffice`, 'rolesSuffice needs the roles that suffice');
    const run = a.run.kind === 'open' ? normalizeOpenRun(a, { at, check }) : a.run;
    const showWhen = normalizeShowWhen(a.showWhen, { at, check });
    if (showWhen && rows === 'none') check.fail(`${at}/showWhen`, 'an action on no rows has no row to look at');
    const form = normalizeActionForm(a.form, { at: `${at}/form`, toField, fail: (pointer, detail) => check.fail(pointer, detail) });
    if (a.run.kind === 'set') for (const f of form?.fields ?? []) check.field(f.name, `${at}/form/properties/${f.name}`);
    // The engine's action route reads JSON; a file goes multipart to the module's own route.
    if (form?.body !== undefined && a.run.kind !== 'route') check.fail(`${at}/form/body`, 'a body of one field is read by a module\'s route: it needs run kind route');
    for (const f of form?.fields ?? []) if (f.widget === 'file' && a.run.kind !== 'route') check.fail(`${at}/form/properties/${f.name}`, 'x-widget "file" needs run kind route');
    return {
      key: a.key,
      label: a.label,
      icon: a.icon ?? 'setting',
      show: a.show ?? 'row',
      rows,
      roles: a.roles ?? [],
      ...(a.severalKeys === true ? { severalKeys: true as const } : {}),
      ...(a.rolesSuffice === true ? { rolesSuffice: true as const } : {}),
      confirm: a.confirm,
      success: a.success,
      permission: a.permission ?? `${permission}_${a.key.replace(/-/g, '_')}`,
      alsoGrantedBy: a.alsoGrantedBy ?? [],
      path,
      param: a.param ?? (rows === 'one' ? 'id' : 'ids'),
      keyField: a.keyField ?? primaryKey,
      preview: a.preview === true,
      run,
      ...(showWhen ? { showWhen } : {}),
      ...(form ? { form } : {}),
    };
  });
}

/** The menu buttons the actions add: one per action whose code is `<permission>_<suffix>` and not seeded yet. */
export function actionButtons(actions: ActionModel[], permission: string, buttons: MenuButton[]): MenuButton[] {
  const prefix = `${permission}_`;
  const added: MenuButton[] = [];
  for (const a of actions) {
    if (!a.permission.startsWith(prefix)) continue;
    const suffix = a.permission.slice(prefix.length);
    if ([...buttons, ...added].some((b) => b.action === suffix)) continue;
    added.push({ action: suffix, name: a.label.zh, source: a.icon, func: FUNC_BY_SHOW[a.show] });
  }
  return added;
}
