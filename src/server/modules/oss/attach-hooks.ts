import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { columnOf } from '../../engine/record-codec.js';
import { ATTACH_MODEL, type OssService } from './oss-service.js';

/**
 * Removing attachments removes their stored files too, inside the removal's transaction:
 * a store that cannot delete fails the removal and the rows stay. A file whose OSS
 * configuration was deleted since cannot be reached; its row goes and the file is logged.
 */
export function registerAttachHooks(services: AppServices, oss: OssService, log: FastifyBaseLogger): void {
  services.hooks.on(ATTACH_MODEL, {
    async afterRemove({ model, ctx, repo, keys }) {
      const name = columnOf(model, 'name');
      const ossId = columnOf(model, 'ossId');
      const rows = await repo.db.selectFrom(model.table).select([name, ossId])
        .where('id', 'in', keys).where('tenant_id', '=', ctx.tenantId).execute();
      for (const row of rows) {
        const provider = await oss.storeById(repo, ctx, String(row[ossId] ?? ''));
        if (!provider) {
          log.warn({ tenantId: ctx.tenantId, name: row[name] }, 'attachment removed; its storage configuration is gone, file left in place');
          continue;
        }
        await oss.withStore(ctx, 'oss.removeFailed', () => provider.remove(String(row[name])));
      }
    },
  });
}
