import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { AuthUser } from '../../http/fastify-types.js';

const ids = (value: unknown) => String(value ?? '').split(',').map((s) => s.trim()).filter((s) => /^\d+$/.test(s));

/** Reads users, their tenant and roles for sign-in (the platform reads, not a caller). */
export class UserDirectory {
  constructor(private readonly services: AppServices) {}

  private equal(modelKey: string, field: string, value: unknown): Condition {
    const model = this.services.model(modelKey);
    return { field: model.fields.find((f) => f.name === field)!, op: 'equal', value };
  }

  /** The live user with this account in this tenant, password hash included. */
  async findByAccount(tenantId: string, account: string): Promise<EntityRecord | undefined> {
    const model = this.services.model('system/user');
    const ctx = systemContext(tenantId);
    const [user] = await this.services.repo.list(model, ctx, { conditions: [this.equal('system/user', 'account', account)], order: [] });
    return user && this.services.repo.findByKey(model, ctx, String(user.id), true);
  }

  async findById(tenantId: string, userId: string): Promise<EntityRecord | undefined> {
    return this.services.repo.findByKey(this.services.model('system/user'), systemContext(tenantId), userId);
  }

  async roleAliases(tenantId: string, roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const model = this.services.model('system/role');
    const roles = await this.services.repo.list(model, systemContext(tenantId), { conditions: [], order: [] });
    return roles.filter((r) => roleIds.includes(String(r.id))).map((r) => String(r.roleAlias));
  }

  /** The caller a token is issued for. */
  async authUser(user: EntityRecord, clientId: string): Promise<Omit<AuthUser, 'sid'>> {
    const tenantId = String(user.tenantId);
    const roleIds = ids(user.roleId);
    return {
      userId: String(user.id),
      tenantId,
      account: String(user.account),
      userName: String(user.account),
      nickName: String(user.realName || user.name || user.account),
      roleIds,
      roleAliases: await this.roleAliases(tenantId, roleIds),
      deptIds: ids(user.deptId),
      postIds: ids(user.postId),
      clientId,
    };
  }
}
