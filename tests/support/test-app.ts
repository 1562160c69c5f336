import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type RouteInfo } from '../../src/server/app.js';
import type { AppServices } from '../../src/server/app-services.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { createTestDatabase } from './test-database.js';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const ADMIN_PASSWORD = 'admin-test-pw';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  routes: RouteInfo[];
  /** Signs in and answers the headers for later calls. */
  login(opts?: { tenantId?: string; username?: string; password?: string }): Promise<Record<string, string>>;
  /** inject + JSON body. */
  call(opts: InjectOptions): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * A real app (buildApp) on a fresh embedded database, or on a fresh PostgreSQL
 * database when DATABASE_URL is set; Redis for shared state when REDIS_URL is set.
 */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const template = process.env.ATRIUM_PGLITE_TEMPLATE;
  const wantsTemplate = !process.env.DATABASE_URL && template && existsSync(template) && overrides.seedRegions !== false && !overrides.schemasDir;
  if (wantsTemplate) cpSync(template, dataDir, { recursive: true });
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent' },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none'), ...overrides },
  );
  const built = await buildApp(config);
  const { app, services } = built;
  await app.ready();

  const call = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    let body: any = res.body;
    try { body = JSON.parse(res.body); } catch { /* not JSON */ }
    return { status: res.statusCode, body };
  };

  return {
    app,
    services,
    get routes() { return built.routes; },
    call,
    async login({ tenantId = '000000', username = 'admin', password = ADMIN_PASSWORD } = {}) {
      const res = await call({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC, 'tenant-id': tenantId },
        query: { tenantId, username, password: md5Hex(password), grant_type: 'password', scope: 'all' },
      });
      if (!res.body.access_token) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      return { authorization: BASIC, 'blade-auth': `bearer ${res.body.access_token}` };
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
