import { fieldOf, type ActionModel, type EntityModel } from './entity-model.js';
import { actionButtons, normalizeActions } from './normalize-actions.js';
import { fillOpenerFields } from './normalize-open-list.js';
import { SchemaError } from './schema-error.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A checker of `other`'s fields whose messages name `source`'s file (a keyword of one file about another entity). */
function checkerOf(source: string, other: EntityModel) {
  return {
    field(name: string, pointer: string) {
      const field = fieldOf(other, name);
      if (!field) throw new SchemaError(source, pointer, `unknown field "${name}" of ${other.key}`);
      return field;
    },
    fail(pointer: string, detail: string): never {
      throw new SchemaError(source, pointer, detail);
    },
  };
}

/**
 * `x-screen` → the model's `screen`: the other entity and its view exist, and the row buttons
 * (x-actions entries on the other entity's rows, run kind open only: nothing is served for
 * them) are normalized against its fields; their button codes are seeded under this
 * entity's menu like its own actions'.
 */
export function resolveScreens(models: EntityModel[], jsonOf: (key: string) => Json): void {
  const byKey = new Map(models.map((m) => [m.key, m]));
  for (const model of models) {
    const raw: Json | undefined = jsonOf(model.key)['x-screen'];
    if (!raw) continue;
    const other = byKey.get(raw.entity);
    if (!other) throw new SchemaError(model.source, '/x-screen/entity', `unknown entity "${raw.entity}"`);
    if (!other.views?.[raw.view]) throw new SchemaError(model.source, '/x-screen/view', `${other.key} has no x-views "${raw.view}"`);
    const check = checkerOf(model.source, other);
    const actions = normalizeActions(raw.actions, {
      permission: model.permission,
      endpoints: other.endpoints,
      check,
      primaryKey: other.primaryKey,
      toField: () => check.fail('/x-screen/actions', 'a screen button opens a list: it has no form'),
    }).map((action, i) => {
      if (action.run.kind !== 'open') check.fail(`/x-screen/actions/${i}/run/kind`, 'a button of another entity\'s list opens a list (run kind open): nothing is served for it');
      return action;
    });
    model.screen = { entity: other.key, view: raw.view, actions };
    if (model.menu) model.menu.buttons.push(...actionButtons(actions, model.permission, model.menu.buttons));
  }
}

/**
 * Every `run: {kind: "open"}` names an entity whose list its `fixed` fields filter (a list
 * parameter of that name), and whose `x-fill` texts name fields the pressed rows have.
 */
export function checkOpenLists(models: EntityModel[]): void {
  const byKey = new Map(models.map((m) => [m.key, m]));
  const check = ({ model, rowsOf, entries }: { model: EntityModel; rowsOf: EntityModel; entries: { action: ActionModel; at: string }[] }) => {
    for (const { action, at } of entries) {
      if (action.run.kind !== 'open') continue;
      const run = action.run;
      const opened = byKey.get(run.entity);
      if (!opened) throw new SchemaError(model.source, `${at}/run/entity`, `unknown entity "${run.entity}"`);
      const listParams = opened.endpoints[opened.list.endpoint]?.params ?? {};
      for (const name of Object.keys(run.fixed)) {
        if (!fieldOf(opened, name)) throw new SchemaError(model.source, `${at}/run/fixed/${name}`, `unknown field "${name}" of ${opened.key}`);
        if (!listParams[name]) throw new SchemaError(model.source, `${at}/run/fixed/${name}`, `the list of ${opened.key} (x-api.endpoints.${opened.list.endpoint}.params) has no parameter "${name}": it would show every row`);
      }
      for (const f of opened.fields) {
        for (const name of fillOpenerFields(f.fill ?? {})) {
          if (!fieldOf(rowsOf, name)) throw new SchemaError(opened.source, `/properties/${f.name}/x-fill`, `{opener.${name}}: ${rowsOf.key} (opening this list from ${model.source}) has no field "${name}"`);
        }
      }
    }
  };
  for (const model of models) {
    check({ model, rowsOf: model, entries: model.actions.map((action, i) => ({ action, at: `/x-actions/${i}` })) });
    const screen = model.screen;
    if (screen) check({ model, rowsOf: byKey.get(screen.entity)!, entries: screen.actions.map((action, i) => ({ action, at: `/x-screen/actions/${i}` })) });
  }
}
