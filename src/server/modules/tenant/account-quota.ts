import { badRequest } from '../../../shared/errors.js';
import { systemContext, type AppServices } from '../../app-services.js';
import { columnOf } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';

/**
 * The tenant's account quota, read with a row lock so that two users added at once
 * in one tenant are counted one after the other.
 */
async function lockedQuota(services: AppServices, repo: Repository, tenantId: string): Promise<number> {
  const model = services.model('system/tenant');
  const quota = columnOf(model, 'accountNumber');
  const row = await repo.db.selectFrom(model.table).select(quota)
    .where(columnOf(model, 'tenantId'), '=', tenantId).where('is_deleted', '=', 0)
    .forUpdate().executeTakeFirst();
  return Number(row?.[quota] ?? -1);
}

/** New users are refused once a positive quota is reached (reference §5.6). */
export function registerAccountQuota(services: AppServices): void {
  services.hooks.on('system/user', {
    async beforeWrite({ ctx, repo, isInsert }) {
      if (!isInsert) return;
      const quota = await lockedQuota(services, repo, ctx.tenantId);
      if (quota <= 0) return;
      const users = await repo.count(services.model('system/user'), systemContext(ctx.tenantId), []);
      if (users >= quota) throw badRequest('tenant.quotaReached');
    },
  });
}
