import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../../src/server/schema/load-schemas';
import { fillOnChange } from '../../../../src/client/engine/form/field-fills';
import { projectPath } from '../../../support/paths';

const models = loadSchemas(projectPath('schemas'));
const fieldsOf = (key: string) => models.find((m) => m.key === key)!.fields;
const menu = { id: 'm1', name: '用户管理', code: 'user' };
const LABELS: Record<number, string> = { 1: '全部可见', 2: '本人可见', 4: '所在机构及子级可见', 5: '自定义' };
const dataScope = (opener: Record<string, unknown> | undefined) =>
  fillOnChange({ fields: fieldsOf('system/data-scope'), opener, labelOf: (_, value) => LABELS[Number(value)] })!;

describe('x-fill of the scope schemas (Saber datascope.vue / apiscope.vue watch on scopeType)', () => {
  it('fills a data scope from its type: name and code of the menu it was opened from, column per type', () => {
    expect(dataScope(menu)({ mode: 'add', previous: {}, next: { scopeType: 2 } })).toEqual({
      scopeType: 2, scopeName: '用户管理 [本人可见]', resourceCode: 'user', scopeColumn: 'create_user',
    });
    expect(dataScope(menu)({ mode: 'add', previous: {}, next: { scopeType: 4 } }).scopeColumn).toBe('create_dept');
    expect(dataScope(menu)({ mode: 'add', previous: {}, next: { scopeType: 1 } }).scopeColumn).toBe('-');
    const api = fillOnChange({ fields: fieldsOf('system/api-scope'), opener: menu, labelOf: () => '系统接口' })!;
    expect(api({ mode: 'add', previous: {}, next: { scopeType: 1 } })).toEqual({ scopeType: 1, scopeName: '用户管理 [系统接口]', resourceCode: 'user' });
  });

  it('rewrites the form only when the type changes on add; a custom type clears the column', () => {
    const change = dataScope(menu);
    const picked = change({ mode: 'add', previous: {}, next: { scopeType: 2 } });
    const typed = { ...picked, scopeName: 'mine' };
    expect(change({ mode: 'add', previous: picked, next: typed })).toBe(typed);
    const custom = change({ mode: 'add', previous: typed, next: { ...typed, scopeType: 5 } });
    expect(custom.scopeName).toBe('用户管理 [自定义]');
    expect('scopeColumn' in custom).toBe(false);
    const edit = { scopeType: 3 };
    expect(change({ mode: 'edit', previous: {}, next: edit })).toBe(edit);
  });

  it('keeps what a type pick filled when the form echoes the data it held before the fill', () => {
    const change = dataScope(menu);
    const picked = change({ mode: 'add', previous: {}, next: { scopeType: 2 } });
    expect(change({ mode: 'add', previous: picked, next: { scopeType: 2 } })).toEqual(picked);
  });

  it('leaves out what names the opener when the list was opened from no row', () => {
    expect(dataScope(undefined)({ mode: 'add', previous: {}, next: { scopeType: 2 } })).toEqual({ scopeType: 2, scopeColumn: 'create_user' });
  });

  it('gives no form hook to an entity none of whose fields fill', () => {
    expect(fillOnChange({ fields: fieldsOf('system/menu'), labelOf: () => undefined })).toBeUndefined();
  });
});
