import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

/** Temporary folders of this file's own (caches, run-time schema folders), removed after each test. */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const schemasWith = schemaCopies();

describe('schema files', () => {
  it('all pass the meta-schema and normalize', () => {
    const models = loadSchemas(projectPath('schemas'));
    expect(models.length).toBeGreaterThanOrEqual(14);
    for (const m of models) {
      expect(m.fields.map((f) => f.name)).toContain(m.primaryKey);
      expect(m.list.pageSizes).toEqual([10, 30, 50, 100, 200]);
    }
  });

  it('resolve x-extends: dict-biz is dict with its own table, path and tenancy', () => {
    const models = loadSchemas(projectPath('schemas'));
    const dict = models.find((m) => m.key === 'system/dict')!;
    const biz = models.find((m) => m.key === 'system/dict-biz')!;
    expect(biz).toMatchObject({ table: 'blade_dict_biz', tenancy: 'tenant', apiPath: '/blade-system/dict-biz', permission: 'dictbiz' });
    expect(biz.fields.map((f) => f.name)).toEqual(expect.arrayContaining(dict.fields.map((f) => f.name)));
    expect(biz.list.children?.endpoint).toBe('child-list');
  });
});

describe('x-options.params', () => {
  it('the model\'s table is picked from its data source\'s tables; lists search it as text', () => {
    const model = loadSchemas(projectPath('schemas')).find((m) => m.key === 'develop/model')!;
    const table = model.fields.find((f) => f.name === 'modelTable')!;
    expect(table.options).toMatchObject({ url: '/blade-develop/model/table-list', valueKey: 'name', detailKey: 'comment', params: { datasourceId: 'datasourceId' } });
    expect(model.list.search.find((s) => s.field === 'modelTable')!.op).toBe('like');
    expect(model.list.search.find((s) => s.field === 'modelName')!.op).toBe('like');
  });
});

describe('x-menu.buttons', () => {
  it('seeds the standard buttons a screen serves by default, and a screen its own ones', () => {
    const models = loadSchemas(projectPath('schemas'));
    const actions = (key: string) => models.find((m) => m.key === key)!.menu!.buttons.map((b) => b.action);
    expect(actions('system/param')).toEqual(['add', 'edit', 'delete', 'view']);
    expect(actions('system/user')).toEqual(['add', 'edit', 'delete', 'view', 'role', 'reset', 'unlock']);
    expect(actions('resource/oss')).toEqual(['add', 'edit', 'delete', 'view', 'enable']);
    expect(models.find((m) => m.key === 'system/user')!.menu!.buttons[4]).toMatchObject({ name: '角色配置', func: 1 });
    // No submit endpoint, no 新增/修改 buttons that nothing would show; 上传 and 下载 are its x-actions.
    expect(actions('resource/attach')).toEqual(['delete', 'view', 'upload', 'download']);
    expect(actions('resource/sms-log')).toEqual(['view']);
  });
});

describe('a bad schema stops start-up naming the file and the JSON pointer', () => {
  it('for an x-actions entry naming an unknown field', () => {
    const dir = schemasWith('resource/oss.json', (j) => { j['x-actions'][0].run.field = 'statu'; });
    expect(() => loadSchemas(dir)).toThrow(/resource\/oss\.json#\/x-actions\/0\/run\/field: unknown field "statu"/);
  });

  it('for an x-actions preview on an action without a hook to answer it', () => {
    const dir = schemasWith('resource/oss.json', (j) => { j['x-actions'][0].preview = true; });
    expect(() => loadSchemas(dir)).toThrow(/resource\/oss\.json#\/x-actions\/0\/preview: a preview needs a hook/);
  });

  it('for an unknown list column', () => {
    const dir = schemasWith('system/param.json', (j) => { j['x-list'].columns[1] = 'paramKy'; });
    expect(() => loadSchemas(dir)).toThrow(/system\/param\.json#\/x-list\/columns\/1: unknown field "paramKy"/);
  });

  it('for x-options.params naming a field the form does not have', () => {
    const dir = schemasWith('develop/model.json', (j) => { j.properties.modelTable['x-options'].params = { datasourceId: 'datasource' }; });
    expect(() => loadSchemas(dir)).toThrow(/develop\/model\.json#\/properties\/modelTable\/x-options\/params\/datasourceId: unknown field "datasource"/);
  });

  it('for an unknown keyword', () => {
    const dir = schemasWith('system/post.json', (j) => { j['x-table'].tennancy = 'tenant'; });
    expect(() => loadSchemas(dir)).toThrow(/system\/post\.json#\/x-table: unknown keyword "tennancy"/);
  });

  it('for a property without a label', () => {
    const dir = schemasWith('desk/notice.json', (j) => { delete j.properties.title['x-label']; });
    expect(() => loadSchemas(dir)).toThrow(/desk\/notice\.json#\/properties\/title/);
  });

  it('for an endpoint kind the table cannot serve', () => {
    const dir = schemasWith('system/param.json', (j) => { j['x-api'].endpoints.tree = {}; });
    expect(() => loadSchemas(dir)).toThrow(/system\/param\.json#\/x-table\/tree: tree endpoints need x-table\.tree/);
  });

  it('for invalid JSON', () => {
    const dir = schemasWith('system/param.json', () => undefined);
    writeFileSync(join(dir, 'system/param.json'), '{ nope');
    expect(() => loadSchemas(dir)).toThrow(/system\/param\.json#\/: not valid JSON/);
  });
});

describe('the server\'s mark of schema files that passed the meta-schema', () => {
  it('still stops a start whose files changed since the last checked start', () => {
    const cache = mkdtempSync(join(tmpdir(), 'atrium-schema-mark-'));
    dirs.push(cache);
    const dir = schemasWith('system/post.json', () => undefined);
    expect(loadSchemas(dir, [], { checkCache: cache }).length).toBeGreaterThanOrEqual(14);
    expect(loadSchemas(dir, [], { checkCache: cache }).length).toBeGreaterThanOrEqual(14);
    const path = join(dir, 'system/post.json');
    const json = JSON.parse(readFileSync(path, 'utf8'));
    json['x-table'].tennancy = 'tenant';
    writeFileSync(path, JSON.stringify(json));
    expect(() => loadSchemas(dir, [], { checkCache: cache })).toThrow(/system\/post\.json#\/x-table: unknown keyword "tennancy"/);
  });

  it('checks a file written at run time (DATA_DIR/schemas) that replaces a checked one', () => {
    const cache = mkdtempSync(join(tmpdir(), 'atrium-schema-mark-'));
    const runtime = mkdtempSync(join(tmpdir(), 'atrium-schema-runtime-'));
    dirs.push(cache, runtime);
    loadSchemas(projectPath('schemas'), [runtime], { checkCache: cache });
    const json = JSON.parse(readFileSync(projectPath('schemas/system/post.json'), 'utf8'));
    json['x-table'].tennancy = 'tenant';
    mkdirSync(join(runtime, 'system'));
    writeFileSync(join(runtime, 'system/post.json'), JSON.stringify(json));
    expect(() => loadSchemas(projectPath('schemas'), [runtime], { checkCache: cache })).toThrow(/post\.json#\/x-table: unknown keyword "tennancy"/);
  });
});
