import { describe, expect, it } from 'vitest';
import type { Widget } from '@rjsf/utils';
import type { EntityModel, FormMode, ListView, WidgetName } from '../../../../src/shared/schema/entity-model';
import { loadSchemas } from '../../../../src/server/schema/load-schemas';
import { buildFormSpec, formDataOf, newRecord, presetsFrom, submitBody } from '../../../../src/client/engine/form/form-schema';
import { projectPath } from '../../../support/paths';

const models = loadSchemas(projectPath('schemas'));
const model = (key: string) => models.find((m) => m.key === key)!;
const stub = (() => null) as unknown as Widget;
const widgets = new Proxy({} as Record<WidgetName, Widget>, { get: () => stub });
const MODES: FormMode[] = ['add', 'edit', 'view'];

function spec(m: EntityModel, view: ListView, mode: FormMode) {
  return buildFormSpec({ model: m, view, mode, lang: 'zh', widgets });
}

function disabledFields(m: EntityModel, view: ListView, mode: FormMode): string[] {
  const s = spec(m, view, mode);
  return Object.keys(s.schema.properties ?? {}).filter((f) => (s.uiSchema[f] as Record<string, unknown>)['ui:disabled']);
}

describe('dialog form built from a schema', () => {
  it.each(models.map((m) => [m.key, m] as const))('%s: shows only its own fields and requires only shown ones', (_, m) => {
    for (const view of [m.list, m.list.children].filter((v): v is ListView => v !== undefined)) {
      for (const mode of MODES) {
        const s = spec(m, view, mode);
        const shown = Object.keys(s.schema.properties ?? {});
        for (const name of shown) {
          // A confirmation input (x-confirm, password2) is shown where its field is.
          const field = m.fields.find((f) => f.name === name || f.confirm?.field === name)!;
          expect(field.hiddenIn).not.toContain(mode);
          expect(view.hidden).not.toContain(name);
        }
        expect((s.schema.required ?? []).every((r) => shown.includes(r))).toBe(true);
        if (mode === 'view') expect(disabledFields(m, view, mode)).toEqual(shown);
      }
    }
  });

  it('orders the param form and labels it in the language asked', () => {
    const s = buildFormSpec({ model: model('system/param'), view: model('system/param').list, mode: 'add', lang: 'en', widgets });
    expect(s.uiSchema['ui:order']).toEqual(['paramName', 'paramKey', 'paramValue', 'remark', '*']);
    expect(s.schema.required).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect((s.schema.properties as Record<string, { title: string }>).paramName.title).toBe('Param name');
  });

  it('locks code and parentId in the dictionary child list on add and edit', () => {
    const dict = model('system/dict');
    expect(disabledFields(dict, dict.list.children!, 'add')).toEqual(['parentId', 'code']);
    expect(disabledFields(dict, dict.list.children!, 'edit')).toEqual(['parentId', 'code']);
    expect(Object.keys(spec(dict, dict.list, 'add').schema.properties ?? {})).not.toContain('dictKey');
  });

  it('locks a natural primary key once saved (region code)', () => {
    const region = model('base/region');
    expect(disabledFields(region, region.list, 'add')).not.toContain('code');
    expect(disabledFields(region, region.list, 'edit')).toContain('code');
  });

  it('gives the tenant package dialog its 600 px width and menu tree', () => {
    const pkg = model('system/tenant-package');
    expect(pkg.formWidth).toBe(600);
    expect(pkg.fields.find((f) => f.name === 'menuId')?.options).toMatchObject({ multiple: true, join: ',' });
  });
});

describe('records in and out of the form', () => {
  it('starts a dictionary child from the parent row', () => {
    const dict = model('system/dict');
    const parent = { id: '77', code: 'sex', dictValue: '性别' };
    const record = newRecord({ model: dict, view: dict.list.children!, presets: presetsFrom(dict.list.children!, parent) });
    expect(record).toMatchObject({ code: 'sex', parentId: '77', isSealed: 0 });
  });

  it('starts a dictionary parent with the view defaults', () => {
    const dict = model('system/dict');
    expect(newRecord({ model: dict, view: dict.list })).toMatchObject({ dictKey: '-1', parentId: '0' });
  });

  it('drops nulls so optional fields read as missing', () => {
    expect(formDataOf({ id: '1', remark: null, paramName: 'x', children: [] })).toEqual({ id: '1', paramName: 'x' });
  });

  it('submits the model fields only', () => {
    const dict = model('system/dict');
    const body = submitBody(dict, { id: '5', code: 'sex', title: 'x', key: '5', hasChildren: false, dictValue: 'm' });
    expect(body).toEqual({ id: '5', code: 'sex', dictValue: 'm' });
  });
});

describe('forms that follow their data (sections, x-when, x-confirm, allOf)', () => {
  const titleOf = (s: ReturnType<typeof spec>, name: string) => (s.schema.properties as Record<string, { title: string }>)[name]?.title;
  const withData = (key: string, data: Record<string, unknown>) =>
    buildFormSpec({ model: model(key), view: model(key).list, mode: 'add', lang: 'zh', widgets, data });

  it('relabels and hides the SMS vendor fields by category', () => {
    const yunpian = withData('resource/sms', { category: 1 });
    expect(titleOf(yunpian, 'templateId')).toBe('模版内容');
    expect(titleOf(yunpian, 'accessKey')).toBe('apiKey');
    expect(titleOf(yunpian, 'secretKey')).toBeUndefined();
    const tencent = withData('resource/sms', { category: 4 });
    expect([titleOf(tencent, 'accessKey'), titleOf(tencent, 'secretKey'), titleOf(tencent, 'templateId')]).toEqual(['appId', 'appKey', '模版ID']);
    expect(titleOf(tencent, 'regionId')).toBeUndefined();
    expect(titleOf(withData('resource/sms', { category: 3 }), 'regionId')).toBe('regionId');
  });

  it('carries the category rules, limited to the fields shown', () => {
    const oss = withData('resource/oss', { category: 1 });
    expect(oss.schema.allOf).toEqual([{ if: expect.anything(), else: { required: ['endpoint', 'bucketName', 'accessKey', 'secretKey'] } }]);
    const sms = withData('resource/sms', { category: 1 });
    const required = (sms.schema.allOf as { then: { required: string[] } }[]).map((rule) => rule.then.required);
    expect(required.flat()).not.toContain('secretKey');
  });

  it('groups the user form in Saber\'s sections, the password confirmation after the password, only when adding', () => {
    const user = model('system/user');
    const add = spec(user, user.list, 'add');
    const sections = (add.uiSchema['ui:options'] as { sections: { key: string; fields: string[] }[] }).sections;
    expect(sections.map((s) => s.key)).toEqual(['baseInfo', 'detailInfo', 'dutyInfo']);
    expect(sections[0].fields).toEqual(['account', 'userType', 'password', 'password2']);
    expect(add.schema.required).toEqual(expect.arrayContaining(['password', 'password2']));
    // Role and department: required unless the user waits for approval (a guest, status 0).
    expect(add.schema.allOf).toEqual([{ if: expect.anything(), else: { required: ['roleId', 'deptId'] } }]);
    const edit = spec(user, user.list, 'edit');
    expect(Object.keys(edit.schema.properties ?? {})).not.toContain('password2');
    expect(submitBody(user, { account: 'a', password: 'p', password2: 'p', roleName: 'x' })).toEqual({ account: 'a', password: 'p', password2: 'p' });
  });
});
