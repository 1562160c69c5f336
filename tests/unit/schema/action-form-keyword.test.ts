import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

const schemasWith = schemaCopies();

describe('x-actions form', () => {
  it('normalizes its fields like properties: labels, widgets, options, validation schema, initial values', () => {
    const models = loadSchemas(projectPath('schemas'));
    const topMenu = models.find((m) => m.key === 'system/top-menu')!.actions[0]!;
    const field = topMenu.form!.fields[0]!;
    expect(field).toMatchObject({ name: 'menuIds', widget: 'tree-check', label: { zh: '菜单', en: 'Menus' }, options: { url: '/blade-system/menu/grant-top-tree', labelKey: 'title', valueKey: 'value' } });
    expect(topMenu.form!.initial).toEqual({ fromRow: true, url: '/blade-system/menu/top-tree-keys', params: { topMenuIds: 'id' }, fields: { menuIds: 'menu' }, rowFields: {} });
    const datasource = models.find((m) => m.key === 'system/tenant')!.actions.find((a) => a.key === 'datasource')!;
    expect(datasource.form!.schema).toMatchObject({ required: ['datasourceId'], properties: { datasourceId: { type: 'string', pattern: '^\\d{1,19}$' } } });
    expect(datasource).toMatchObject({ keyField: 'tenantId', param: 'tenantId', run: { kind: 'hook', transaction: false } });
  });

  it('stops start-up for a required name the form does not declare', () => {
    const dir = schemasWith('system/tenant.json', (j) => { j['x-actions'][1].form.required = ['datasource']; });
    expect(() => loadSchemas(dir)).toThrow(/system\/tenant\.json#\/x-actions\/1\/form\/required\/0: unknown form field "datasource"/);
  });

  it('stops start-up for a tree-check that is no list', () => {
    const dir = schemasWith('system/top-menu.json', (j) => { j['x-actions'][0].form.properties.menuIds.type = 'string'; delete j['x-actions'][0].form.properties.menuIds.items; });
    expect(() => loadSchemas(dir)).toThrow(/system\/top-menu\.json#\/x-actions\/0\/form\/properties\/menuIds: x-widget "tree-check" needs type "array"/);
  });

  it('carries tabs, and options taken from one property of a shared answer (the role 权限设置)', () => {
    const grant = loadSchemas(projectPath('schemas')).find((m) => m.key === 'system/role')!.actions.find((a) => a.key === 'grant')!;
    expect(grant.form!.tabs!.map((tab) => [tab.key, tab.label.zh, tab.fields])).toEqual([['menu', '菜单权限', ['menuIds']], ['dataScope', '数据权限', ['dataScopeIds']], ['apiScope', '接口权限', ['apiScopeIds']]]);
    const options = Object.fromEntries(grant.form!.fields.map((f) => [f.name, f.options]));
    expect(options.menuIds).toMatchObject({ url: '/blade-system/menu/grant-tree', dataKey: 'menu' });
    expect(options.menuIds!.leaves).toBeUndefined();
    expect(options.dataScopeIds).toMatchObject({ dataKey: 'dataScope', leaves: true });
    expect(grant).toMatchObject({ path: 'grant', param: 'roleIds', rows: 'one', severalKeys: true, roles: ['administrator', 'admin'], rolesSuffice: true, permission: 'role_edit', run: { kind: 'hook' } });
  });

  it('stops start-up for a tab naming a field the form does not declare', () => {
    const dir = schemasWith('system/role.json', (j) => { j['x-actions'][0].form.tabs[1].fields = ['dataScopes']; });
    expect(() => loadSchemas(dir)).toThrow(/system\/role\.json#\/x-actions\/0\/form\/tabs\/1\/fields\/0: unknown form field "dataScopes"/);
  });

  it('stops start-up for rows found by another field on a run that writes by primary key', () => {
    const dir = schemasWith('resource/oss.json', (j) => { j['x-actions'][0].keyField = 'ossCode'; });
    expect(() => loadSchemas(dir)).toThrow(/resource\/oss\.json#\/x-actions\/0\/keyField: rows found by another field/);
  });

  it('carries a file field and the result an upload shows (OSS 调试)', () => {
    const models = loadSchemas(projectPath('schemas'));
    const debug = models.find((m) => m.key === 'resource/oss')!.actions.find((a) => a.key === 'debug')!;
    expect(debug).toMatchObject({ path: 'endpoint/put-file', param: 'code', keyField: 'ossCode', run: { kind: 'route' } });
    expect(debug.form!.fields.find((f) => f.name === 'file')).toMatchObject({ widget: 'file' });
    expect(debug.form!.result).toEqual({ kind: 'image', field: 'link', text: { zh: '获取到图片地址:{value}', en: 'Picture address: {value}' } });
  });

  it('reads a file field without a result as an upload that is the action itself: 附件 上 传 to another module\'s route, its form read-only', () => {
    const models = loadSchemas(projectPath('schemas'));
    const upload = models.find((m) => m.key === 'resource/attach')!.actions.find((a) => a.key === 'upload')!;
    expect(upload).toMatchObject({ show: 'toolbar', rows: 'none', permission: 'attach_upload', run: { kind: 'route', url: '/blade-resource/oss/endpoint/put-file-attach' } });
    expect(upload.form).toMatchObject({ readOnly: true, width: 555 });
    expect(upload.form!.result).toBeUndefined();
  });

  it('stops start-up for a file field on an action the engine serves (it reads JSON only)', () => {
    const dir = schemasWith('resource/oss.json', (j) => { j['x-actions'][1].run = { kind: 'hook' }; j['x-actions'][1].path = 'debug'; });
    expect(() => loadSchemas(dir)).toThrow(/resource\/oss\.json#\/x-actions\/1\/form\/properties\/file: x-widget "file" needs run kind route/);
  });
});
