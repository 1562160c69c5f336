import { describe, expect, it } from 'vitest';
import { grantBody, initialChecked, type GrantTrees } from '../../../../src/client/pages/authority/role/grant-payload';

const trees: GrantTrees = {
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
    expect(grantBody({ roleId: 'r1', trees, checked })).toEqual({
      roleIds: ['r1'],
      menuIds: ['sys', 'user'],
      dataScopeIds: ['ds1'],
      apiScopeIds: ['as2'],
    });
  });

  it('restores the saved keys without checking a half-checked parent\'s whole subtree', () => {
    const saved = { menu: ['sys', 'user'], dataScope: ['ds1'], apiScope: [1] };
    expect(initialChecked(trees, saved)).toEqual({ menu: ['user'], dataScope: ['sys', 'user', 'ds1'], apiScope: [] });
  });
});
