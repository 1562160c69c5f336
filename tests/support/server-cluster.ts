import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * `count` server processes on one database, Redis and DATA_DIR (all given in `env`), started
 * at once as README "Run several processes" allows.
 */
export async function startServerCluster(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
  const servers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  return servers;
}
