import { describe, expect, it } from 'vitest';
import type { WidgetName } from '../../../../src/shared/schema/entity-model';
import type { Widget } from '@rjsf/utils';
import { loadSchemas } from '../../../../src/server/schema/load-schemas';
import { buildFormSpec } from '../../../../src/client/engine/form/form-schema';
import {
  errorField,
  fieldOfInputId,
  formValidator,
  schemaErrorTransformer,
} from '../../../../src/client/engine/form/form-validation';
import { projectPath } from '../../../support/paths';

const models = loadSchemas(projectPath('schemas'));
const param = models.find((m) => m.key === 'system/param')!;
const widgets = new Proxy({} as Record<WidgetName, Widget>, { get: () => (() => null) as unknown as Widget });
const { schema, uiSchema } = buildFormSpec({ model: param, view: param.list, mode: 'add', lang: 'zh', widgets });

function messages(formData: Record<string, unknown>, lang: 'zh' | 'en', isShown: (f: string) => boolean = () => true) {
  const transform = schemaErrorTransformer({ model: param, lang, isShown });
  const result = formValidator.validateFormData(formData, schema, undefined, transform, uiSchema);
  return result.errors.map((e) => e.message);
}

describe('form validation with the schema messages', () => {
  it('shows the param messages for missing fields (zh)', () => {
    expect(messages({}, 'zh')).toEqual(['请输入参数名称', '请输入参数键名', '请输入参数键值']);
  });

  it('shows them in English', () => {
    expect(messages({ paramName: 'n' }, 'en')).toEqual(['please enter the param key', 'please enter the param value']);
  });

  it('uses the generic catalogue where the schema has no message', () => {
    expect(messages({ paramName: 'x'.repeat(256), paramKey: 'k', paramValue: 'v' }, 'zh')).toEqual(['参数名称长度不能超过255个字符']);
  });

  it('shows only the fields the user has left', () => {
    expect(messages({}, 'zh', (f) => f === 'paramName')).toEqual(['请输入参数名称']);
  });

  it('finds the field of an error and of an input id', () => {
    expect(errorField({ property: 'paramName', stack: '' })).toBe('paramName');
    expect(errorField({ property: '.paramName', stack: '' })).toBe('paramName');
    expect(fieldOfInputId('root_paramName')).toBe('paramName');
    expect(fieldOfInputId('root_menuId_123')).toBe('menuId');
  });
});
