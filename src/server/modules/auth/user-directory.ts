import type { Condition } from '../../engine/conditions.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { systemContext, type AppServices } from '../../app-services.js';
import { isId, storedIds } from '../../engine/ids.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { narrowTo, type SwitchChoice } from './switch-choice.js';


/** Status of a user registered through a third party and not yet approved. */
export const PENDING_STATUS = 0;

/** Whether the user waits for an administrator's approval (status 0); other statuses sign in as BladeX does. */
export function isPending(user: EntityRecord): boolean {
  return user.status === PENDING_STATUS || user.status === String(PENDING_STATUS);
}

/** Reads users, their tenant and roles for sign-in (the platform reads, not a caller). */
export class UserDirectory {
  constructor(private readonly services: AppServices) {}

  private equal(modelKey: string, field: string, value: unknown): Condition {
    const model = this.services.model(modelKey);
    return { field: fieldOf(model, field)!, op: 'equal', value };
  }

  /** The live user with this account in this tenant, password hash included. */
  async findByAccount(tenantId: string, account: string): Promise<EntityRecord | undefined> {
    const model = this.services.model('system/user');
    const ctx = systemContext(tenantId);
    const [user] = await this.services.system.repo.list(model, ctx, { conditions: [this.equal('system/user', 'account', account)], order: [] });
    return user && this.services.system.repo.findByKey(model, ctx, String(user.id), true);
  }

  /** The live users of this tenant with this phone number (a phone is not unique). */
  async findByPhone(tenantId: string, phone: string): Promise<EntityRecord[]> {
    const model = this.services.model('system/user');
    return this.services.system.repo.list(model, systemContext(tenantId), { conditions: [this.equal('system/user', 'phone', phone)], order: [] });
  }

  /** The live user with this id; `withPassword` includes the password hash. */
  async findById(tenantId: string, userId: string, withPassword = false): Promise<EntityRecord | undefined> {
    if (!isId(userId)) return undefined;
    return this.services.system.repo.findByKey(this.services.model('system/user'), systemContext(tenantId), userId, withPassword);
  }

  async roleAliases(tenantId: string, roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const model = this.services.model('system/role');
    const roles = await this.services.system.repo.list(model, systemContext(tenantId), { conditions: [], order: [] });
    return roles.filter((r) => roleIds.includes(String(r.id))).map((r) => String(r.roleAlias));
  }

  /** The caller a token is issued for, narrowed to one department and role when the choice names the user's own. */
  async authUser(user: EntityRecord, clientId: string, choice: SwitchChoice = {}): Promise<Omit<AuthUser, 'sid'>> {
    const tenantId = String(user.tenantId);
    const roleIds = narrowTo(storedIds(user.roleId), choice.roleId);
    return {
      userId: String(user.id),
      tenantId,
      account: String(user.account),
      userName: String(user.account),
      nickName: String(user.realName || user.name || user.account),
      roleIds,
      roleAliases: await this.roleAliases(tenantId, roleIds),
      deptIds: narrowTo(storedIds(user.deptId), choice.deptId),
      postIds: storedIds(user.postId),
      clientId,
    };
  }
}
