import type { ResourceRow } from '../../../engine/data/resource-api';

/**
 * The quota and expiry the licence dialog starts with (Saber): one tenant's own values,
 * else unlimited (-1) and no expiry. The expiry is the server's 'YYYY-MM-DD HH:mm:ss'.
 */
export function initialSetting(tenants: ResourceRow[]): { accountNumber: string; expireTime: string } {
  const one = tenants.length === 1 ? tenants[0] : undefined;
  return {
    accountNumber: String(one?.accountNumber ?? -1),
    expireTime: typeof one?.expireTime === 'string' ? one.expireTime : '',
  };
}
