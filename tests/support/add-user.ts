import { systemContext, type AppServices } from '../../src/server/app-services.js';
import { hashPassword } from '../../src/server/engine/field-transforms.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';

/**
 * A user holding a new role named `roleAlias` — or, with `roleIds`, exactly those roles —
 * written through the engine (test set-up only).
 */
export async function addRoleAndUser(services: AppServices, opts: { tenantId?: string; roleAlias: string; account: string; password: string; deptId: string; roleIds?: string[] }) {
  const ctx = systemContext(opts.tenantId ?? '000000');
  const roleId = opts.roleIds
    ? opts.roleIds[0]
    : await services.system.repo.insert(services.model('system/role'), ctx, { roleName: opts.roleAlias, roleAlias: opts.roleAlias, sort: 9, parentId: '0' });
  const userId = await services.system.repo.insert(services.model('system/user'), ctx, {
    account: opts.account, name: opts.account, realName: opts.account, userType: 1,
    password: await hashPassword(md5Hex(opts.password)), roleId: (opts.roleIds ?? [roleId]).join(','), deptId: opts.deptId,
  });
  return { roleId, userId };
}

/** A user of tenant 000000 with the seeded `user` role, who can sign in with `password` (test set-up only). */
export async function addSignInUser(services: AppServices, opts: { account: string; password: string }): Promise<void> {
  const roles = await services.system.repo.list(services.model('system/role'), systemContext(), { conditions: [], order: [] });
  const userRole = roles.find((r) => r.roleAlias === 'user')!;
  await services.system.repo.insert(services.model('system/user'), systemContext(), {
    account: opts.account, name: 'tester', realName: 'tester', password: await hashPassword(md5Hex(opts.password)), roleId: userRole.id, userType: 1,
  });
}

/** Links a role to menus (by code) the way the role grant does. */
export async function grantMenus(services: AppServices, roleId: string, codes: string[]) {
  const menus = await services.system.repo.list(services.model('system/menu'), systemContext(), { conditions: [], order: [] });
  for (const menu of menus.filter((m) => codes.includes(String(m.code)))) {
    await services.system.repo.insert(services.model('system/role-menu'), systemContext(), { roleId, menuId: String(menu.id) });
  }
}

/** Links a role to a data (1) or API (2) scope rule. */
export async function grantScope(services: AppServices, roleId: string, scopeId: string, category: 1 | 2) {
  await services.system.repo.insert(services.model('system/role-scope'), systemContext(), { roleId, scopeId, scopeCategory: category });
}

/** Ids of the seeded departments by name. */
export async function deptIds(services: AppServices): Promise<Record<string, string>> {
  const depts = await services.system.repo.list(services.model('system/dept'), systemContext(), { conditions: [], order: [] });
  return Object.fromEntries(depts.map((d) => [String(d.deptName), String(d.id)]));
}

/** Ids of the seeded menus by code. */
export async function menuIds(services: AppServices): Promise<Record<string, string>> {
  const menus = await services.system.repo.list(services.model('system/menu'), systemContext(), { conditions: [], order: [] });
  return Object.fromEntries(menus.map((m) => [String(m.code), String(m.id)]));
}
