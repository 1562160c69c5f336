import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

const schemasWith = schemaCopies();

const models = loadSchemas(projectPath('schemas'));
const model = (key: string) => models.find((m) => m.key === key)!;

describe('x-actions run kind open, showWhen, x-fill, x-views and x-screen', () => {
  it('carries the menu rows\' scope drawers: another entity\'s list fixed to the row, on menus only', () => {
    const dataScope = model('system/menu').actions.find((a) => a.key === 'data-scope')!;
    expect(dataScope).toMatchObject({
      permission: 'data_scope_setting', show: 'row', rows: 'one', showWhen: { category: 1 },
      run: { kind: 'open', entity: 'system/data-scope', fixed: { menuId: 'id' }, as: 'drawer', width: 1000, prefix: 'scope', title: { zh: '[{name}] 数据权限配置' } },
    });
    expect(model('system/menu').actions.map((a) => a.permission)).toEqual(['data_scope_setting', 'api_scope_setting']);
  });

  it('seeds the same button codes as before: none added to 菜单管理, 权限配置 once under each scope menu', () => {
    expect(model('system/menu').menu!.buttons.map((b) => b.action)).toEqual(['add', 'edit', 'delete', 'view']);
    for (const key of ['system/data-scope', 'system/api-scope']) {
      expect(model(key).menu!.buttons.map((b) => b.action)).toEqual(['add', 'edit', 'delete', 'view', 'setting']);
    }
  });

  it('shows the menus on the scope screens through the menu\'s view, with one open button per row', () => {
    const menu = model('system/menu');
    expect(menu.views!['scope-menus']).toMatchObject({ endpoint: 'lazy-menu-list', mode: 'lazy-tree', parentParam: 'parentId', actions: [] });
    expect(menu.views!['scope-menus'].columns.map((c) => c.field)).toEqual(['name', 'path', 'source', 'code', 'alias', 'sort']);
    const screen = model('system/api-scope').screen!;
    expect(screen).toMatchObject({ entity: 'system/menu', view: 'scope-menus' });
    expect(screen.actions).toMatchObject([{ key: 'scope-setting', permission: 'api_scope_setting', keyField: 'id', run: { kind: 'open', entity: 'system/api-scope', fixed: { menuId: 'id' } } }]);
    expect(model('system/data-scope').fields.find((f) => f.name === 'scopeType')!.fill).toMatchObject({ scopeName: '{opener.name} [{label}]', resourceCode: '{opener.code}' });
  });

  const refusals: [string, string, (j: any) => void, RegExp][] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['an unknown entity', 'system/menu.json', (j) => { j['x-actions'][0].run.entity = 'system/nothing'; }, /system\/menu\.json#\/x-actions\/0\/run\/entity: unknown entity "system\/nothing"/],
    ['a fixed field the list does not filter on', 'system/menu.json', (j) => { j['x-actions'][0].run.fixed = { scopeName: 'id' }; }, /system\/menu\.json#\/x-actions\/0\/run\/fixed\/scopeName: the list of system\/data-scope .* has no parameter "scopeName": it would show every row/],
    ['a fixed value from a field the rows lack', 'system/menu.json', (j) => { j['x-actions'][0].run.fixed = { menuId: 'menuKey' }; }, /system\/menu\.json#\/x-actions\/0\/run\/fixed\/menuId: unknown field "menuKey"/],
    ['an open button on many rows', 'system/menu.json', (j) => { j['x-actions'][0].rows = 'many'; }, /system\/menu\.json#\/x-actions\/0\/rows: an action opening a list acts on one row/],
    ['an open button with a question', 'system/menu.json', (j) => { j['x-actions'][0].confirm = { zh: '?', en: '?' }; }, /system\/menu\.json#\/x-actions\/0\/confirm: an action opening a list calls nothing/],
    ['a drawer of an unknown kind', 'system/menu.json', (j) => { j['x-actions'][0].run.as = 'popup'; }, /system\/menu\.json#\/x-actions\/0\/run/],
    ['showWhen on a field the entity lacks', 'system/menu.json', (j) => { j['x-actions'][1].showWhen = { kind: 1 }; }, /system\/menu\.json#\/x-actions\/1\/showWhen\/kind: unknown field "kind"/],
    ['an x-fill target the entity lacks', 'system/data-scope.json', (j) => { j.properties.scopeType['x-fill'].scopeLabel = '{label}'; }, /system\/data-scope\.json#\/properties\/scopeType\/x-fill\/scopeLabel: unknown field "scopeLabel"/],
    ['an x-fill text naming an unknown placeholder', 'system/data-scope.json', (j) => { j.properties.scopeType['x-fill'].scopeName = '{menu.name}'; }, /system\/data-scope\.json#\/properties\/scopeType\/x-fill\/scopeName: "\{menu\.name\}" is none of \{value\}, \{label\}, \{opener\.<field>\}/],
    ['an x-fill naming a field the opening rows lack', 'system/api-scope.json', (j) => { j.properties.scopeType['x-fill'].resourceCode = '{opener.resourceCode}'; }, /system\/api-scope\.json#\/properties\/scopeType\/x-fill: \{opener\.resourceCode\}: system\/menu .* has no field "resourceCode"/],
    ['an x-screen view the entity lacks', 'system/data-scope.json', (j) => { j['x-screen'].view = 'all-menus'; }, /system\/data-scope\.json#\/x-screen\/view: system\/menu has no x-views "all-menus"/],
    ['an x-screen button that would need a route', 'system/data-scope.json', (j) => { j['x-screen'].actions[0].run = { kind: 'hook' }; }, /system\/data-scope\.json#\/x-screen\/actions\/0\/run\/kind: a button of another entity's list opens a list/],
    ['an x-views endpoint the entity does not serve', 'system/menu.json', (j) => { j['x-views']['scope-menus'].endpoint = 'lazy-tree'; }, /system\/menu\.json#\/x-views\/scope-menus\/endpoint: no endpoint "lazy-tree" in x-api/],
  ];
  it.each(refusals)('stops start-up for %s', (_, file, edit, message) => {
    expect(() => loadSchemas(schemasWith(file, edit))).toThrow(message);
  });
});
