/**
 * The API routes of a started app (buildApp on a throwaway embedded database), split into
 * the ones the engine serves and the hand-written ones, by path prefix. Every route is
 * mounted under /api and bare; the /api ones are counted, so each route counts once, and
 * the HEAD twin Fastify adds to every GET is not a route of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp, type RouteInfo } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';

export const ROUTE_PREFIXES = ['/blade-system', '/blade-user', '/blade-resource', '/blade-desk', '/blade-log'] as const;

export interface RouteSplit {
  prefix: string;
  engine: number;
  hand: number;
}

async function startedRoutes(): Promise<RouteInfo[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-figures-'));
  try {
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' },
      { adminPassword: 'figures-only', jwtSecret: 'figures-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
    );
    const { app, routes } = await buildApp(config);
    await app.ready();
    const answer = [...routes];
    await app.close();
    return answer;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function prefixOf(url: string): string {
  const bare = url.slice('/api'.length);
  return ROUTE_PREFIXES.find((prefix) => bare === prefix || bare.startsWith(`${prefix}/`)) ?? 'others';
}

/** Engine vs hand routes per prefix, then the total (`all`); `handRoutes` receives the hand-written ones under the prefixes. */
export async function routeSplit(handRoutes: string[] = []): Promise<RouteSplit[]> {
  const api = (await startedRoutes()).filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
  for (const route of api) if (route.servedBy === 'hand' && prefixOf(route.url) !== 'others') handRoutes.push(`${route.method} ${route.url}`);
  const rows = [...ROUTE_PREFIXES, 'others'].map((prefix) => ({ prefix, engine: 0, hand: 0 }));
  for (const route of api) {
    const row = rows.find((r) => r.prefix === prefixOf(route.url))!;
    row[route.servedBy] += 1;
  }
  const all = rows.reduce((sum, r) => ({ prefix: 'all', engine: sum.engine + r.engine, hand: sum.hand + r.hand }), { prefix: 'all', engine: 0, hand: 0 });
  return [...rows, all];
}
