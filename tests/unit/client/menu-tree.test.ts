import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  filterMenuByRoles,
  findMenuByPath,
  flattenButtons,
  isExternalPath,
  withIndexPaths,
} from '../../../src/client/session/menu-tree';
import type { MenuNode } from '../../../src/client/session/session-types';

const tree: MenuNode[] = [
  {
    id: '1',
    name: '系统管理',
    path: '/system',
    children: [
      { id: '11', name: '参数管理', path: '/system/param' },
      { id: '12', name: '用户', path: '/system/user', meta: { roles: ['administrator'] } },
    ],
  },
  { id: '2', name: '官网', path: 'https://bladex.vip' },
  { id: '3', name: '首页', path: '/wel/index' },
];

describe('menu tree', () => {
  it('appends /index to internal leaves only', () => {
    const menu = withIndexPaths(tree);
    expect(menu[0].path).toBe('/system');
    expect(menu[0].children?.map((c) => c.path)).toEqual(['/system/param/index', '/system/user/index']);
    expect(menu[1].path).toBe('https://bladex.vip');
    expect(menu[2].path).toBe('/wel/index');
  });

  it('tells external http(s) paths apart', () => {
    expect(isExternalPath('https://x.cn')).toBe(true);
    expect(isExternalPath('HTTP://x.cn')).toBe(true);
    expect(isExternalPath('/system/param')).toBe(false);
  });

  it('hides items whose meta roles exclude the user', () => {
    expect(filterMenuByRoles(tree, ['user'])[0].children?.map((c) => c.id)).toEqual(['11']);
    expect(filterMenuByRoles(tree, ['administrator'])[0].children?.map((c) => c.id)).toEqual(['11', '12']);
  });

  it('flattens the button tree into code flags', () => {
    const flags = flattenButtons([{ code: 'param', children: [{ code: 'param_add' }, { code: 'param_edit', children: [{ code: 'x' }] }] }]);
    expect(flags).toEqual({ param: true, param_add: true, param_edit: true, x: true });
  });

  it('finds a node and its ancestors by path', () => {
    const menu = withIndexPaths(tree);
    expect(findMenuByPath(menu, '/system/param/index')?.id).toBe('11');
    expect(ancestorIds(menu, '/system/param/index')).toEqual(['1']);
    expect(ancestorIds(menu, '/nowhere')).toBeUndefined();
  });
});
