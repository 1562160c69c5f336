import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { ExternalDbError, driverOf, parseConnectionUrl, withoutPassword } from '../../db/external/index.js';
import { DATASOURCE_MODEL, type DataSources } from './datasource-connections.js';
import { asBadRequest } from './develop-messages.js';
import { SecretBox } from '../../db/secret-box.js';

/**
 * Data source rows: the URL must be one we can connect with; a password typed into the URL
 * moves to the password field; the password is stored encrypted. `测试连接` (x-actions
 * `test`) connects with the stored row and names what is wrong.
 */
export function registerDatasourceHooks(services: AppServices, box: SecretBox, sources: DataSources): void {
  // A changed or removed row closes its pool: the next query connects with the new settings.
  const refresh = (keys: string[], names: unknown[]) => async () => {
    await sources.reload();
    for (const k of [...keys, ...names.map(String)]) await services.datasources.release(k);
  };
  services.hooks.on(DATASOURCE_MODEL, {
    async afterWrite({ key, existing, repo }) {
      await repo.afterCommit(refresh([key], existing ? [existing.name] : []));
    },
    async beforeRemove({ keys, repo, model, ctx }) {
      const rows = await Promise.all(keys.map((k) => repo.findByKey(model, ctx, k)));
      await repo.afterCommit(refresh(keys, rows.map((r) => r?.name)));
    },
    async beforeWrite({ values, existing, ctx }) {
      try {
        const driverClass = String(values.driverClass ?? existing?.driverClass ?? '');
        const url = values.url ?? existing?.url;
        if (driverOf(driverClass) !== 'embedded' && typeof url === 'string') {
          const spec = parseConnectionUrl(url, undefined, undefined, driverOf(driverClass));
          const cleaned = withoutPassword(url);
          if (cleaned !== url) {
            values.url = cleaned;
            if (values.password === undefined || values.password === '') values.password = spec.password;
          }
        }
      } catch (error) {
        throw asBadRequest(error);
      }
      if (typeof values.password === 'string' && values.password !== '' && !SecretBox.isSealed(values.password)) {
        values.password = box.seal(values.password);
      }
    },
  });

  services.actions.on({ entity: DATASOURCE_MODEL, action: 'test' }, async ({ repo, ctx, keys }) => {
    try {
      const source = await sources.resolve(repo, keys[0]);
      const handle = await sources.open(repo, source);
      await handle.close();
      return { driver: source.driver };
    } catch (error) {
      if (error instanceof ExternalDbError) throw error;
      throw asBadRequest(error);
    }
  });
}
