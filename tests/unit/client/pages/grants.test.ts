import { describe, expect, it } from 'vitest';
import { checkedFromSaved, checkedLeaves, DEFAULT_CHECK_KEYS, withHalfChecked, type CheckNode } from '../../../../src/client/components/checkbox-tree-state';

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
