import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { messageFor } from '../../../src/shared/schema/validation-messages.js';
import type { EntityModel } from '../../../src/shared/schema/entity-model.js';
import { projectPath } from '../../support/paths.js';

const models = loadSchemas(projectPath('schemas'));

/** Every field a record can be refused for missing: `required` and the `allOf` branches. */
function requirableFields(model: EntityModel): string[] {
  const rules = (model.recordSchema.allOf ?? []) as { then?: { required?: string[] }; else?: { required?: string[] } }[];
  const conditional = rules.flatMap((r) => [...(r.then?.required ?? []), ...(r.else?.required ?? [])]);
  const confirms = model.fields.flatMap((f) => (f.confirm ? [f.confirm.field] : []));
  return [...new Set([...model.required, ...conditional, ...confirms])];
}

describe('the message for a missing required field', () => {
  it('stays what every schema answered before the defaults were derived from the label', () => {
    const answers: Record<string, string> = {};
    for (const model of models) {
      for (const field of requirableFields(model)) {
        for (const lang of ['zh', 'en'] as const) {
          answers[`${model.key}.${field}.${lang}`] = messageFor(model, { keyword: 'required', field, params: {} }, lang);
        }
      }
    }
    expect(answers).toMatchSnapshot();
  });
});

describe('the default message for a missing value, derived from the label', () => {
  const model = (key: string) => models.find((m) => m.key === key)!;
  const missing = (key: string, field: string, lang: 'zh' | 'en') => messageFor(model(key), { keyword: 'required', field, params: {} }, lang);

  it('asks to select a value picked from options (请选择<label> / please select the <label>)', () => {
    expect(missing('system/api-scope', 'menuId', 'zh')).toBe('请选择菜单');
    expect(missing('system/api-scope', 'menuId', 'en')).toBe('please select the menu');
  });

  it('asks to enter a typed value, the English label in lower case inside the sentence', () => {
    expect(missing('resource/attach', 'originalName', 'zh')).toBe('请输入附件原名');
    expect(missing('resource/attach', 'originalName', 'en')).toBe('please enter the original name');
  });
});

describe('the message for a missing field relabelled by x-when', () => {
  const sms = models.find((m) => m.key === 'resource/sms')!;
  const missing = (field: string, category: number, lang: 'zh' | 'en' = 'zh') =>
    messageFor(sms, { keyword: 'required', field, params: {} }, lang, { category });

  it('names the label the form shows for that record', () => {
    expect(missing('templateId', 1)).toBe('请输入模版内容');
    expect(missing('templateId', 1, 'en')).toBe('please enter the template text');
    expect(missing('accessKey', 1)).toBe('请输入apiKey');
    expect(missing('accessKey', 4)).toBe('请输入appId');
  });

  it('keeps the field’s own label where no x-when label applies', () => {
    expect(missing('templateId', 2)).toBe('请输入模版ID');
    expect(messageFor(sms, { keyword: 'required', field: 'templateId', params: {} }, 'zh')).toBe('请输入模版ID');
  });
});
