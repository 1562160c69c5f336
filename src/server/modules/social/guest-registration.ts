import { AppError, ErrorCodes, badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { failureText } from '../../../shared/schema/validation-messages.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { tenantRefusal } from '../auth/tenant-license.js';
import { PENDING_STATUS } from '../auth/user-directory.js';
import type { OAuthAccounts } from './oauth-accounts.js';

/** The registration form of a third-party visitor (BladeX plain params). */
export interface GuestForm {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  oauthId?: string;
}

const AVATAR_MAX = 500;

/**
 * register-guest (reference §5.7): the visitor of a guest token creates a user waiting
 * for approval (status 0; real name = name; the provider's picture) and binds its
 * third-party row to it. The user is written through the engine, so every user rule
 * (account unique per tenant, the tenant's account quota, password hashing) applies.
 */
export class GuestRegistration {
  constructor(private readonly deps: { services: AppServices; accounts: OAuthAccounts }) {}

  /** The caller's own unbound third-party row, else 第三方登陆信息错误!. */
  private async unboundRow(caller: AuthUser, form: GuestForm) {
    const oauthId = String(form.oauthId ?? '').trim();
    const row = oauthId && oauthId === caller.oauthId ? await this.deps.accounts.find(caller.tenantId, oauthId) : undefined;
    if (!row || !isEmpty(row.userId)) throw badRequest('social.oauthInvalid');
    return row;
  }

  /** The form's tenant must be the one the visitor came through, and able to sign in. */
  private async checkTenant(caller: AuthUser, form: GuestForm): Promise<string> {
    const tenantId = String(form.tenantId ?? '').trim() || caller.tenantId;
    if (tenantId !== caller.tenantId || (await tenantRefusal(this.deps.services, tenantId))) throw badRequest('social.tenantInvalid');
    return tenantId;
  }

  async register(caller: AuthUser, form: GuestForm): Promise<string> {
    const { services, accounts } = this.deps;
    const row = await this.unboundRow(caller, form);
    const tenantId = await this.checkTenant(caller, form);
    const model = services.model('system/user');
    if (isEmpty(form.password)) {
      throw new AppError(failureText(model, { keyword: 'required', field: 'password', params: {} }), undefined, 400, { code: ErrorCodes.VALIDATION_FAILED, field: 'password' });
    }
    const ctx = systemContext(tenantId);
    const avatar = String(row.avatar ?? '');
    const user = await services.resources.submit({
      model,
      ctx,
      body: { account: form.account, password: form.password, name: form.name, realName: form.name, avatar: avatar.length <= AVATAR_MAX ? avatar : '', userType: 1 },
      serverValues: { status: PENDING_STATUS },
    });
    const userId = String(user.id ?? '');
    if (!userId) throw badRequest('common.fail');
    if (!(await accounts.bind(tenantId, String(row.id), userId))) {
      // Another registration bound the row first: this user must not stay behind.
      await services.system.repo.remove(model, ctx, [userId]);
      throw badRequest('social.oauthInvalid');
    }
    return userId;
  }
}
