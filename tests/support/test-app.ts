import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type RouteInfo } from '../../src/server/app.js';
import type { AppServices } from '../../src/server/app-services.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { copyPgliteTemplate, postgresTemplate, seedOf } from './seeded-templates.js';
import { createTestDatabase } from './test-database.js';
import { primeLinkedRows } from './sample-record.js';

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
 * The database starts as a copy of the seeded template of its seed where it has one
 * (tests/support/seeded-templates.ts), else empty: the app creates and seeds it.
 */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const settings = (databaseUrl: string) => loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none'), ...overrides },
  );
  const baseUrl = process.env.DATABASE_URL;
  const seed = seedOf(settings(baseUrl ?? ''), overrides);
  if (!baseUrl && seed) await copyPgliteTemplate(seed, dataDir);
  const template = baseUrl && seed ? await postgresTemplate(seed, baseUrl) : undefined;
  const database = baseUrl && !overrides.databaseUrl ? await createTestDatabase(baseUrl, { template }) : undefined;
  const config = settings(database?.url ?? '');
  const built = await buildApp(config);
  const { app, services } = built;
  await app.ready();
  await primeLinkedRows(services);

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
