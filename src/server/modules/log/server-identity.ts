import { hostname, networkInterfaces } from 'node:os';

/** Where a log row was written: BladeX's service_id, server_host, server_ip and env columns. */
export interface ServerIdentity {
  serviceId: string;
  serverHost: string;
  serverIp: string;
  env: string;
}

/** service_id of rows this server writes; rows uploaded by the console carry CONSOLE_SERVICE_ID. */
export const SERVICE_ID = 'atrium';
export const CONSOLE_SERVICE_ID = 'console';

/** First non-internal IPv4 address, else loopback. */
export function firstIpv4(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.1';
}

/**
 * Computed once per app. `nodeEnv` is NODE_ENV, read by the caller: production → `prod`,
 * anything else → `dev` (BladeX's profile names).
 */
export function serverIdentity(nodeEnv: string | undefined): ServerIdentity {
  return {
    serviceId: SERVICE_ID,
    serverHost: hostname(),
    serverIp: firstIpv4(),
    env: nodeEnv === 'production' ? 'prod' : 'dev',
  };
}
