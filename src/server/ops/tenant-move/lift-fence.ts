import type { AppServices } from '../../app-services.js';
import type { Config } from '../../config.js';
import { MAIN } from '../../db/tenant-router.js';
import { liftLeftFence } from '../../modules/tenant/tenant-move-fence.js';

/**
 * `npm run tenant:move -- <tenantId> --lift-fence`: lifts the fence a crashed online move
 * left (every server answers the tenant 503 until then). Exit code: 0 lifted (or there was
 * none), 2 refused because a move of the tenant is running (it lifts its fence itself).
 */
export async function liftFence(services: AppServices, tenantId: string, config: Readonly<Config>, print: (line: string) => void): Promise<number> {
  const lifted = await liftLeftFence(services, tenantId);
  if (lifted.state === 'moving') {
    print(`Refused: a move of tenant ${tenantId} is running (it holds the tenant's move lock); it lifts its fence when it ends.`);
    return 2;
  }
  if (lifted.state === 'none') {
    print(`Tenant ${tenantId} has no fence: nothing to lift.`);
    return 0;
  }
  const where = services.tenantDatabases.bindingOf(tenantId) ?? MAIN;
  print(`Lifted the fence of tenant ${tenantId} (raised ${lifted.since}; no move of it is running). Its rows stay where they are: ${where === MAIN ? "the platform's database" : `data source ${where}`}.`);
  print(config.redisUrl && config.schemaReloadIntervalMs > 0
    ? `Servers serve the tenant again within SCHEMA_RELOAD_INTERVAL_MS (${config.schemaReloadIntervalMs} ms).`
    : 'Servers without REDIS_URL or with SCHEMA_RELOAD_INTERVAL_MS=0 do not follow moves: restart them to serve the tenant again.');
  return 0;
}
