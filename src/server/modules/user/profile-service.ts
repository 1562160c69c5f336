import { verify } from '@node-rs/argon2';
import { badRequest, notFound } from '../../../shared/errors.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { hashPassword, storedValues } from '../../engine/field-transforms.js';
import type { RequestContext } from '../../engine/request-context.js';
import { endUserSessions } from '../auth/user-sessions.js';
import { textParam, type Params } from './request-params.js';
import { UserCatalog } from './user-catalog.js';
import type { UserDeps } from './user-deps.js';

/** The caller's own password (info and profile are the schema's: user.json info, update-info). */
export class ProfileService {
  constructor(private readonly deps: UserDeps) {}

  /** BladeX: all three are md5 hex of what was typed; the confirmation is checked first. */
  async updatePassword(ctx: RequestContext, params: Params): Promise<void> {
    const { services, model } = this.deps;
    const oldPassword = textParam(params, 'oldPassword');
    const newPassword = textParam(params, 'newPassword');
    if (newPassword !== textParam(params, 'newPassword1')) throw badRequest('user.confirmMismatch');
    const user = await services.system.repo.findByKey(model, ctx, ctx.userId, true);
    if (!user) throw notFound();
    const hash = String(user.password ?? '');
    if (!hash || !(await verify(hash, oldPassword).catch(() => false))) throw badRequest('user.oldPasswordWrong');
    await services.system.repo.update(model, ctx, ctx.userId, { password: await hashPassword(newPassword) });
    await endUserSessions(services, { tenantId: ctx.tenantId, userIds: [ctx.userId] });
  }
}
