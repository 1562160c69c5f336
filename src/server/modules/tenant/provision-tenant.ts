import { sql } from 'kysely';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import { systemContext, type AppServices } from '../../app-services.js';
import { hashPassword } from '../../engine/field-transforms.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';
import { md5Hex } from '../../seed/run-seed.js';
import { copyDictBiz } from './copy-dict-biz.js';
import { readParam } from '../../system-param.js';
import { defaultTenantMenus } from './tenant-menus.js';

/** Seeded value of `account.initPassword`, used when the parameter is gone. */
const DEFAULT_INIT_PASSWORD = '123456';

export interface ProvisionInput {
  services: AppServices;
  /** The tenant write's transaction: everything commits or rolls back with the tenant row. */
  repo: Repository;
  /** The platform administrator creating the tenant (audit columns, source of dictionaries). */
  creator: RequestContext;
  tenant: EntityRecord;
}

/** Cuts a text to a field's maximum length (a tenant name may be longer than a dept name). */
function fit(services: AppServices, key: string, field: string, text: string): string {
  const max = fieldOf(services.model(key), field)?.maxLength;
  return max ? text.slice(0, max) : text;
}

/**
 * Everything a new tenant starts with (reference §7): admin role with the default menus,
 * top department, CEO post, a copy of the business dictionaries and the `admin` account.
 */
export async function provisionTenant({ services, repo, creator, tenant }: ProvisionInput): Promise<void> {
  const ctx: RequestContext = { ...systemContext(String(tenant.tenantId)), userId: creator.userId, deptId: creator.deptId, lang: creator.lang };
  const insert = (key: string, record: EntityRecord) => repo.insert(services.model(key), ctx, record);
  const name = String(tenant.tenantName);

  const roleId = await insert('system/role', { roleName: '管理员', roleAlias: 'admin', parentId: '0', sort: 2 });
  for (const menuId of await defaultTenantMenus({ services, repo, packageId: tenant.packageId })) {
    await insert('system/role-menu', { roleId, menuId });
  }
  const deptId = await insert('system/dept', {
    deptName: fit(services, 'system/dept', 'deptName', name),
    fullName: fit(services, 'system/dept', 'fullName', name),
    parentId: '0', ancestors: '0', deptCategory: 1, sort: 2,
  });
  const postId = await insert('system/post', { category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 });
  await copyDictBiz({ services, repo, from: systemContext(creator.tenantId), to: ctx });

  const initPassword = (await readParam(services, 'account.initPassword', repo)) ?? DEFAULT_INIT_PASSWORD;
  const userId = await insert('system/user', {
    account: 'admin', name: 'admin', realName: 'admin',
    password: await hashPassword(md5Hex(initPassword)),
    roleId, deptId, postId, userType: 1, sex: 1, birthday: sql`localtimestamp(0)`,
  });
  await insert('system/user-dept', { userId, deptId });
}
