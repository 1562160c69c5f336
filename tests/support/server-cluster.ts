import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * `count` server processes on one database, Redis and DATA_DIR (all given in `env`), as
 * README "Run several processes" says: the first alone (it creates the tables and seeds
 * an empty database), then the others side by side.
 */
export async function startServerCluster(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const servers = [await startServerProcess(env)];
  try {
    servers.push(...await Promise.all(Array.from({ length: count - 1 }, () => startServerProcess(env))));
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  return servers;
}
