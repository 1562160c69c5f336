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
          const field = m.fields.find((f) => f.name === name)!;
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
