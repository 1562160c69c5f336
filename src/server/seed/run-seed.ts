import { createHash, randomBytes } from 'node:crypto';
import { fieldOf, type EntityModel } from '../../shared/schema/entity-model.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { systemContext, type AppServices } from '../app-services.js';
import { recordToRow, type EntityRecord } from '../engine/record-codec.js';
import { hashPassword } from '../engine/field-transforms.js';
import { DEMO_DEPT_NAME, DEMO_PASSWORD, demoAccounts } from './data/demo-accounts.js';
import { dictSeed } from './data/dicts.js';
import { menuSeed } from './data/menus.js';
import { orgSeed, type DeptSeed } from './data/org.js';
import { loadRegions } from './data/regions.js';

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

export interface SeedResult {
  /** Set when the admin password was generated now: shown once at start-up. */
  generatedAdminPassword?: string;
  seeded: boolean;
}

/**
 * Seeds a fresh database, and on every start adds the menu rows of schemas that have none
 * yet. The demo accounts come with the first start only: an install that runs already
 * never gets users with a well-known password added by an upgrade.
 */
export async function runSeed(services: AppServices, opts: { adminPassword?: string; seedRegions: boolean; demoAccounts: boolean }): Promise<SeedResult> {
  const seed = new Seeder(services);
  const result: SeedResult = { seeded: false };
  if (!(await seed.hasRows('system/tenant'))) {
    const password = opts.adminPassword ?? randomBytes(9).toString('base64url');
    await seed.organisation(password);
    if (opts.demoAccounts) await seed.demoAccounts();
    await seed.dictionaries();
    await seed.rows('desk/notice', orgSeed.notices);
    if (opts.seedRegions) await seed.regions();
    result.seeded = true;
    if (!opts.adminPassword) result.generatedAdminPassword = password;
  }
  await seed.menus();
  return result;
}

/** Adds the menu rows (with buttons) of models that have none yet: at start, and after a model is installed at run time. */
export function seedMenus(services: AppServices): Promise<void> {
  return new Seeder(services).menus();
}

class Seeder {
  private readonly ctx = systemContext();

  constructor(private readonly services: AppServices) {}

  private model(key: string): EntityModel {
    return this.services.model(key);
  }

  async hasRows(key: string): Promise<boolean> {
    return (await this.services.system.repo.count(this.model(key), this.ctx, [])) > 0;
  }

  insert(key: string, record: EntityRecord): Promise<string> {
    return this.services.system.repo.insert(this.model(key), this.ctx, record);
  }

  async rows(key: string, records: object[]): Promise<string[]> {
    const ids: string[] = [];
    for (const r of records) ids.push(await this.insert(key, { ...r }));
    return ids;
  }

  /** Inserts the tree; answers every department's id by name, the root first. */
  private async depts(list: DeptSeed[], parentId = '0', ancestors = '0'): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const { children, ...dept } of list) {
      const id = await this.insert('system/dept', { ...dept, parentId, ancestors });
      ids.set(dept.deptName, id);
      for (const [name, childId] of await this.depts(children ?? [], id, `${ancestors},${id}`)) ids.set(name, childId);
    }
    return ids;
  }

  async organisation(adminPassword: string): Promise<void> {
    await this.insert('system/tenant', { ...orgSeed.tenant });
    await this.rows('system/client', orgSeed.clients);
    const [adminRole, userRole] = await this.rows('system/role', orgSeed.roles.map((r) => ({ ...r, parentId: '0' })));
    this.deptIds = await this.depts(orgSeed.depts);
    const [topDept] = this.deptIds.values();
    const postIds = await this.rows('system/post', orgSeed.posts);
    this.postIds = new Map(orgSeed.posts.map((p, i) => [p.postCode, postIds[i]]));
    const ceoPost = this.postIds.get('ceo')!;
    await this.rows('system/param', orgSeed.params);
    const userId = await this.insert('system/user', {
      account: 'admin',
      name: 'admin',
      realName: '管理员',
      password: await hashPassword(md5Hex(adminPassword)),
      roleId: adminRole,
      deptId: topDept,
      postId: ceoPost,
      userType: 1,
      sex: 1,
    });
    await this.insert('system/user-dept', { userId, deptId: topDept });
    this.deskRoleIds.push(userRole);
    this.userRoleId = userRole;
  }

  private userRoleId?: string;
  private deptIds = new Map<string, string>();
  private postIds = new Map<string, string>();
  /** Roles granted the 工作台 (desk) menus and buttons when the menus are seeded. */
  private readonly deskRoleIds: string[] = [];

  /** 人事/经理/老板 under 用户, each with its user (password DEMO_PASSWORD) in 常州布雷德. */
  async demoAccounts(): Promise<void> {
    const password = await hashPassword(md5Hex(DEMO_PASSWORD));
    const deptId = this.deptIds.get(DEMO_DEPT_NAME)!;
    for (const demo of demoAccounts) {
      const roleId = await this.insert('system/role', { ...demo.role, parentId: this.userRoleId! });
      const userId = await this.insert('system/user', {
        account: demo.account, name: demo.account, realName: demo.realName, password,
        roleId, deptId, postId: this.postIds.get(demo.postCode)!, userType: 1, sex: 1,
      });
      await this.insert('system/user-dept', { userId, deptId });
      this.deskRoleIds.push(roleId);
    }
  }

  async dictionaries(): Promise<void> {
    for (const dict of dictSeed) {
      const parentId = await this.insert('system/dict', { code: dict.code, dictKey: '-1', dictValue: dict.title, parentId: '0', sort: 0, isSealed: 0 });
      for (const [i, entry] of dict.entries.entries()) {
        await this.insert('system/dict', { code: dict.code, dictKey: entry.key, dictValue: entry.value, parentId, sort: i + 1, isSealed: 0, remark: entry.remark ?? '' });
      }
    }
  }

  async regions(): Promise<void> {
    const model = this.model('base/region');
    const rows = loadRegions().map((r) => recordToRow(model, { ...r }));
    for (let i = 0; i < rows.length; i += 500) {
      await this.services.system.repo.db.insertInto(model.table).values(rows.slice(i, i + 500)).execute();
    }
  }

  /** Group menus and hand-written screens' menus (with their buttons), then each schema's screen menu with its buttons, where the code is new. */
  async menus(): Promise<void> {
    const menuModel = this.model('system/menu');
    const existing = await this.services.system.repo.list(menuModel, this.ctx, { conditions: [], order: [] });
    const idByCode = new Map(existing.map((m) => [String(m.code), String(m.id)]));
    const add = async (code: string, record: EntityRecord) => {
      if (idByCode.has(code)) return idByCode.get(code)!;
      const id = await this.insert('system/menu', { code, alias: 'menu', category: 1, action: 0, isOpen: 1, ...record })
        // Processes starting together may race: the loser takes the row the other wrote.
        .catch(async (error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          const [row] = await this.services.system.repo.list(menuModel, this.ctx, { conditions: [{ field: fieldOf(menuModel, 'code')!, op: 'equal', value: code }], order: [] });
          if (!row) throw error;
          return String(row.id);
        });
      idByCode.set(code, id);
      return id;
    };
    const granted: string[] = [];
    for (const m of menuSeed) {
      const menuId = await add(m.code, { name: m.name, path: m.path, source: m.source, sort: m.sort, isOpen: m.isOpen ?? 1, parentId: m.parent ? idByCode.get(m.parent) ?? '0' : '0' });
      if (m.forUsers) granted.push(menuId);
      for (const [index, b] of (m.buttons ?? []).entries()) {
        const buttonId = await add(`${m.code}_${b.action}`, {
          name: b.name, alias: b.action, source: b.source, category: 2, action: b.func, sort: index + 1, path: '', parentId: menuId,
        });
        if (m.forUsers) granted.push(buttonId);
      }
    }
    for (const model of this.services.models.filter((m) => m.menu)) {
      const menu = model.menu!;
      const menuId = await add(menu.code, {
        name: model.label.zh, path: menu.path, source: menu.icon ?? '', sort: menu.sort,
        parentId: menu.parent ? idByCode.get(menu.parent) ?? '0' : '0',
      });
      if (menu.parent === 'desk') granted.push(menuId, idByCode.get('desk')!);
      for (const [index, b] of menu.buttons.entries()) {
        const buttonId = await add(`${model.permission}_${b.action}`, {
          name: b.name, alias: b.action, source: b.source, category: 2, action: b.func, sort: index + 1,
          path: b.action === 'delete' ? `/api${model.apiPath}/remove` : '', parentId: menuId,
        });
        if (menu.parent === 'desk') granted.push(buttonId);
      }
    }
    for (const roleId of this.deskRoleIds) {
      for (const menuId of new Set(granted)) await this.insert('system/role-menu', { roleId, menuId });
    }
  }
}
