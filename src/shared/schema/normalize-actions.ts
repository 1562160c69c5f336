import type { ActionModel, EndpointModel, FieldModel, MenuButton } from './entity-model.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Checker {
  field(name: string, pointer: string): FieldModel;
  fail(pointer: string, detail: string): never;
}

const FUNC_BY_SHOW: Record<ActionModel['show'], number> = { toolbar: 1, row: 2, both: 3 };

/** `x-actions` → ActionModel[]: defaults filled, fields and paths checked. */
export function normalizeActions(raw: Json[] | undefined, opts: { permission: string; endpoints: Record<string, EndpointModel>; check: Checker }): ActionModel[] {
  const { permission, endpoints, check } = opts;
  const seen = new Set<string>();
  return (raw ?? []).map((a, i) => {
    const at = `/x-actions/${i}`;
    const path: string = a.path ?? a.key;
    if (seen.has(a.key) || seen.has(path)) check.fail(at, `action "${a.key}" (path "${path}") is declared twice`);
    seen.add(a.key).add(path);
    if (Object.values(endpoints).some((e) => e.action === path)) check.fail(`${at}/path`, `"${path}" is already an x-api endpoint`);
    if (a.run.kind === 'activate' || a.run.kind === 'reset') check.field(a.run.field, `${at}/run/field`);
    if (a.preview === true && a.run.kind !== 'hook') check.fail(`${at}/preview`, 'a preview needs a hook (run kind hook), which answers it');
    if (a.run.kind === 'set') for (const name of Object.keys(a.run.values)) check.field(name, `${at}/run/values/${name}`);
    const rows: ActionModel['rows'] = a.rows ?? 'one';
    return {
      key: a.key,
      label: a.label,
      icon: a.icon ?? 'setting',
      show: a.show ?? 'row',
      rows,
      confirm: a.confirm,
      success: a.success,
      permission: a.permission ?? `${permission}_${a.key.replace(/-/g, '_')}`,
      alsoGrantedBy: a.alsoGrantedBy ?? [],
      path,
      param: a.param ?? (rows === 'one' ? 'id' : 'ids'),
      preview: a.preview === true,
      run: a.run,
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
