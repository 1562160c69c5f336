/**
 * A menu row seeded by code when no menu has that code yet. Screen menus come from
 * each schema's `x-menu`; this list holds only the group rows above them.
 */
export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  /** Icon class, with the `iconfont ` prefix. */
  source: string;
  sort: number;
  /** Code of the parent menu; absent at the root. */
  parent?: string;
  /** 1 (default) opens in the layout, 2 in a new window (dict `yes_no`). */
  isOpen?: number;
}

/** Top-level menus of bladex-backend §8.1 that the product has. */
export const menuSeed: MenuSeed[] = [
  { code: 'desk', name: '工作台', path: '/desk', source: 'iconfont iconicon_airplay', sort: 1 },
  { code: 'resource', name: '资源管理', path: '/resource', source: 'iconfont iconicon_coinpurse_line', sort: 6 },
  { code: 'monitor', name: '系统监控', path: '/monitor', source: 'iconfont icon-yanzhengma', sort: 3 },
  { code: 'log', name: '日志管理', path: '/monitor/log', parent: 'monitor', source: 'iconfont iconicon_doc', sort: 8 },
  { code: 'base', name: '基础配置', path: '/base', source: 'iconfont iconicon_affiliations_li', sort: 97 },
  { code: 'authority', name: '权限管理', path: '/authority', source: 'iconfont icon-bofangqi-suoping', sort: 98 },
  { code: 'system', name: '系统管理', path: '/system', source: 'iconfont iconicon_setting', sort: 99 },
];
