import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { createTestDatabase } from '../support/test-database.js';
import { BASIC } from '../support/test-app.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A new install: its own data folder (or PostgreSQL database), started as often as asked. */
async function newInstall() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-demo-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  cleanups.push(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return async (env: Record<string, string> = {}): Promise<FastifyInstance> => {
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false', ...env },
      { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
    );
    const { app } = await buildApp(config);
    await app.ready();
    return app;
  };
}

async function token(app: FastifyInstance, username: string, password = '123456'): Promise<string | undefined> {
  const res = await app.inject({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' },
  });
  return JSON.parse(res.body).access_token;
}

/** What the welcome page lists (GET /blade-user/demo-accounts), as this user sees it. */
async function listed(app: FastifyInstance, username: string, password: string): Promise<string[]> {
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${await token(app, username, password)}` };
  const res = await app.inject({ method: 'GET', url: '/api/blade-user/demo-accounts', headers });
  return JSON.parse(res.body).data;
}

describe('demo accounts', () => {
  it('are made by the first start of a new install only, unless DEMO_ACCOUNTS=off', async () => {
    const start = await newInstall();
    const first = await start();
    for (const account of ['hr', 'manager', 'boss']) expect(await token(first, account), account).toBeTruthy();
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${await token(first, 'admin', 'admin-pw')}` };
    const users = JSON.parse((await first.inject({ method: 'GET', url: '/api/blade-user/page', headers, query: { account: 'hr' } })).body).data.records;
    const hr = users.find((u: { account: string }) => u.account === 'hr');
    const removed = await first.inject({ method: 'POST', url: '/api/blade-user/remove', headers, query: { ids: String(hr.id) } });
    expect(JSON.parse(removed.body).code).toBe(200);
    await first.close();

    const restarted = await start();
    expect(await token(restarted, 'hr')).toBeUndefined();
    expect(await token(restarted, 'boss')).toBeTruthy();
    expect(await listed(restarted, 'boss', '123456')).toEqual(['manager', 'boss']);
    await restarted.close();

    const withoutDemo = await (await newInstall())({ DEMO_ACCOUNTS: 'off' });
    for (const account of ['hr', 'manager', 'boss']) expect(await token(withoutDemo, account)).toBeUndefined();
    expect(await listed(withoutDemo, 'admin', 'admin-pw')).toEqual([]);
    await withoutDemo.close();
  }, 120_000);
});
