import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

const schemasWith = schemaCopies();

const modelOf = (key: string, dir = projectPath('schemas')) => loadSchemas(dir).find((m) => m.key === key)!;

describe('x-import and x-export as objects', () => {
  it('reads the regions\' import dialog (title, template from the export-template endpoint, 数据覆盖, permission) and their gated export with its question', () => {
    const region = modelOf('base/region');
    expect(region.excel.importDialog).toEqual({
      title: { zh: '行政区划数据导入', en: 'Import regions' },
      cover: true,
      templateUrl: '/blade-system/region/export-template',
      templateName: { zh: '行政区划数据模板', en: 'regions template' },
      permission: 'region_import',
      roles: [],
    });
    // The lazy tree is no page: the object x-export offers 导出 anyway (the module's export kind serves it).
    expect(region.excel.export).toBe(true);
    expect(region.excel.exportGate).toEqual({ confirm: { zh: '是否导出行政区划数据?', en: 'Export the regions?' }, permission: 'region_export', roles: [] });
  });

  it('keeps x-import true the bare file pick of the entity\'s own import, without a dialog', () => {
    const notice = modelOf('desk/notice');
    expect(notice.excel).toEqual({ export: true, import: true });
  });

  it('stops start-up for an unknown keyword inside the object', () => {
    const dir = schemasWith('base/region.json', (j) => { j['x-import'].cover = 'yes'; });
    expect(() => loadSchemas(dir)).toThrow(/base\/region\.json/);
  });
});

describe('x-actions run kinds link and none, form readOnly and summary', () => {
  it('reads 附件 下载 as a row link on the link field and 调试 as a read-only form whose summary is the cascade', () => {
    const download = modelOf('resource/attach').actions.find((a) => a.key === 'download')!;
    expect(download).toMatchObject({ show: 'row', rows: 'one', permission: 'attach_download', run: { kind: 'link', field: 'link' } });
    const debug = modelOf('base/region').actions.find((a) => a.key === 'debug')!;
    expect(debug).toMatchObject({ show: 'toolbar', rows: 'none', permission: 'region_debug', run: { kind: 'none' } });
    expect(debug.form).toMatchObject({ width: 350, readOnly: true, summary: { fields: ['province', 'city', 'district'], separator: ' / ' } });
    expect(debug.form!.fields.find((f) => f.name === 'city')!.options).toMatchObject({ url: '/blade-system/region/select', params: { code: 'province' } });
  });

  it('stops start-up for a link on a field the entity lacks, or on a toolbar button', () => {
    const missing = schemasWith('resource/attach.json', (j) => { j['x-actions'][1].run.field = 'nowhere'; });
    expect(() => loadSchemas(missing)).toThrow(/resource\/attach\.json#\/x-actions\/1\/run\/field/);
    const toolbar = schemasWith('resource/attach.json', (j) => { j['x-actions'][1].show = 'toolbar'; });
    expect(() => loadSchemas(toolbar)).toThrow(/resource\/attach\.json#\/x-actions\/1\/run: run kind link opens one row's URL/);
  });

  it('stops start-up for run kind none without a form, and a summary naming no form field', () => {
    const bare = schemasWith('base/region.json', (j) => { delete j['x-actions'][0].form; });
    expect(() => loadSchemas(bare)).toThrow(/base\/region\.json#\/x-actions\/0\/run: run kind none calls nothing/);
    const summary = schemasWith('base/region.json', (j) => { j['x-actions'][0].form.summary.fields.push('town'); });
    expect(() => loadSchemas(summary)).toThrow(/base\/region\.json#\/x-actions\/0\/form\/summary\/fields\/3: unknown form field "town"/);
  });
});
