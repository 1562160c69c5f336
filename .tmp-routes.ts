import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from './src/server/app.js';
import { loadConfig } from './src/server/config.js';
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'x-')), DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' }, { adminPassword: 'x', jwtSecret: 'figures-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
const { app, routes } = await buildApp(config); await app.ready();
for (const r of routes) if (r.url.startsWith('/api/blade-') && r.method !== 'HEAD' && r.servedBy === 'hand') console.log(r.method, r.url);
await app.close();
