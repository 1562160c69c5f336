import { describe, expect, it } from 'vitest';
import { checkedFromSaved, checkedLeaves, DEFAULT_CHECK_KEYS, withHalfChecked, type CheckNode } from '../../../../src/client/components/checkbox-tree-state';
import { scopeFormChange, scopePresets } from '../../../../src/client/pages/system/menu/scope-presets';

/** The role 权限设置 form's three trees (menu/grant-tree); its tree-check fields value them as below (menus with half-ticked parents, scopes with x-options.leaves). */
const trees: Record<'menu' | 'dataScope' | 'apiScope', CheckNode[]> = {
  menu: [
    { value: 'sys', title: '系统管理', children: [{ value: 'user', title: '用户管理' }, { value: 'role', title: '角色管理' }] },
    { value: 'desk', title: '工作台' },
  ],
  dataScope: [{ value: 'sys', title: '系统管理', children: [{ value: 'user', title: '用户管理', children: [{ value: 'ds1', title: '用户管理 [本人可见]' }] }] }],
  apiScope: [{ value: 'user', title: '用户管理', children: [{ value: 'as1', title: '用户管理 [系统接口]' }, { value: 'as2', title: '用户管理 [业务接口]' }] }],
};

describe('role grant dialog', () => {
  it('saves menus with their half-checked parents and scopes as scope rows only', () => {
    const checked = { menu: ['user'], dataScope: ['sys', 'user', 'ds1'], apiScope: ['as2'] };
    expect({
      menuIds: withHalfChecked(trees.menu, DEFAULT_CHECK_KEYS, checked.menu),
      dataScopeIds: checkedLeaves(trees.dataScope, DEFAULT_CHECK_KEYS, checked.dataScope),
      apiScopeIds: checkedLeaves(trees.apiScope, DEFAULT_CHECK_KEYS, checked.apiScope),
    }).toEqual({
      menuIds: ['sys', 'user'],
      dataScopeIds: ['ds1'],
      apiScopeIds: ['as2'],
    });
  });

  it('restores the saved keys without checking a half-checked parent\'s whole subtree', () => {
    const saved = { menu: ['sys', 'user'], dataScope: ['ds1'], apiScope: ['1'] };
    const of = (tab: keyof typeof trees) => checkedFromSaved(trees[tab], DEFAULT_CHECK_KEYS, saved[tab]);
    expect({ menu: of('menu'), dataScope: of('dataScope'), apiScope: of('apiScope') }).toEqual({ menu: ['user'], dataScope: ['sys', 'user', 'ds1'], apiScope: [] });
  });
});

describe('scope drawers of the menu screen', () => {
  const menu = { id: 'm1', name: '用户管理', code: 'user' };

  it('fills a data scope from its type: name, code of the menu, column per type', () => {
    expect(scopePresets({ kind: 'data', menu, scopeType: 2, typeLabel: '本人可见' })).toEqual({
      scopeName: '用户管理 [本人可见]',
      resourceCode: 'user',
      scopeColumn: 'create_user',
    });
    expect(scopePresets({ kind: 'data', menu, scopeType: 4, typeLabel: 'x' }).scopeColumn).toBe('create_dept');
    expect(scopePresets({ kind: 'data', menu, scopeType: 1, typeLabel: 'x' }).scopeColumn).toBe('-');
    expect(scopePresets({ kind: 'api', menu, scopeType: 1, typeLabel: '系统接口' })).toEqual({
      scopeName: '用户管理 [系统接口]',
      resourceCode: 'user',
    });
  });

  it('rewrites the form only when the type changes on add; a custom type clears the column', () => {
    const change = scopeFormChange({ kind: 'data', menu, labelOf: (t) => (t === 5 ? '自定义' : '本人可见') });
    const picked = change({ mode: 'add', previous: {}, next: { scopeType: 2 } });
    expect(picked).toMatchObject({ scopeName: '用户管理 [本人可见]', scopeColumn: 'create_user' });
    const typed = { ...picked, scopeName: 'mine' };
    expect(change({ mode: 'add', previous: picked, next: typed })).toBe(typed);
    const custom = change({ mode: 'add', previous: typed, next: { ...typed, scopeType: 5 } });
    expect(custom.scopeName).toBe('用户管理 [自定义]');
    expect('scopeColumn' in custom).toBe(false);
    const edit = { scopeType: 3 };
    expect(change({ mode: 'edit', previous: {}, next: edit })).toBe(edit);
  });

  it('keeps what a type pick filled when the form echoes the data it held before the fill', () => {
    const menu = { id: '1', name: '用户管理', code: 'user' };
    const change = scopeFormChange({ kind: 'data', menu, labelOf: () => '本人可见' });
    const picked = change({ mode: 'add', previous: {}, next: { scopeType: 2 } });
    expect(change({ mode: 'add', previous: picked, next: { scopeType: 2 } })).toEqual(picked);
  });
});
