import { describe, expect, it } from 'vitest';
import { menuLeaves, searchMenus } from '../../../../src/client/chrome/menu-search';
import { menuTarget } from '../../../../src/client/chrome/menu-target';
import { screenClass } from '../../../../src/client/chrome/screen-class';
import type { MenuNode } from '../../../../src/client/session/session-types';

describe('screen size class', () => {
  it('is 3 from 1200, 2 from 992, 1 from 768, else 0', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 1920].map((w) => screenClass(w))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});

const menu: MenuNode[] = [
  {
    id: '1', code: 'system', name: '系统管理', path: '/system',
    children: [
      { id: '2', code: 'user', name: '用户管理', path: '/system/user/index' },
      { id: '3', code: 'param', name: '参数管理', path: '/system/param/index' },
    ],
  },
  { id: '4', code: 'site', name: 'Site', path: 'https://example.com/docs', isOpen: 2 },
];
const english: Record<string, string> = { '2': 'Users', '3': 'Params', '4': 'Site' };

describe('menu search', () => {
  const entries = menuLeaves(menu, (node) => english[node.id] ?? node.name);

  it('lists the leaves only, with their labels', () => {
    expect(entries.map((e) => e.label)).toEqual(['Users', 'Params', 'Site']);
  });

  it('matches a prefix of the label or the server name, ignoring case', () => {
    expect(searchMenus(entries, 'us').map((e) => e.label)).toEqual(['Users']);
    expect(searchMenus(entries, '参数').map((e) => e.label)).toEqual(['Params']);
    expect(searchMenus(entries, 'sers')).toEqual([]);
    expect(searchMenus(entries, '  ')).toHaveLength(3);
  });
});

describe('menu targets', () => {
  it('opens a route, a frame inside the layout, or a new window for isOpen = 2', () => {
    expect(menuTarget({ path: '/system/user/index' }, 'Users')).toEqual({ kind: 'route', to: '/system/user/index' });
    expect(menuTarget({ path: 'https://example.com/a', isOpen: 2 }, 'A')).toEqual({ kind: 'window', url: 'https://example.com/a' });
    expect(menuTarget({ path: 'http://example.com/b?x=1', isOpen: 1 }, 'B c')).toEqual({
      kind: 'route',
      to: '/myiframe/urlPath?src=http%3A%2F%2Fexample.com%2Fb%3Fx%3D1&name=B+c',
    });
  });
});
