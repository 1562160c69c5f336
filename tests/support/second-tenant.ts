import { systemContext, type AppServices } from '../../src/server/app-services.js';
import { hashPassword } from '../../src/server/engine/field-transforms.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';

/** A second tenant with an administrator account, written through the engine. */
export async function addTenant(services: AppServices, tenantId: string, password: string): Promise<void> {
  const repo = services.system.repo;
  await repo.insert(services.model('system/tenant'), systemContext(), { tenantId, tenantName: `tenant ${tenantId}`, linkman: 'x' });
  const ctx = systemContext(tenantId);
  const roleId = await repo.insert(services.model('system/role'), ctx, { roleName: '管理员', roleAlias: 'administrator', sort: 1, parentId: '0' });
  const deptId = await repo.insert(services.model('system/dept'), ctx, { deptName: 'B', fullName: 'B', sort: 1, parentId: '0', ancestors: '0' });
  await repo.insert(services.model('system/user'), ctx, {
    account: 'admin', name: 'admin', realName: 'B admin', password: await hashPassword(md5Hex(password)), roleId, deptId, userType: 1,
  });
}
