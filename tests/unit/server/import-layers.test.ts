/**
 * The server's layers (docs/architecture.md, "The picture"): no file imports itself back
 * through others, the shared code knows neither side, the lower layers (store, db, http)
 * know nothing above them, the engine knows no module, and the modules import each other
 * one way only. A new import that breaks one fails here with the files that make it.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, moduleGraph } from '../../support/import-graph';

const srcRoot = fileURLToPath(new URL('../../../src', import.meta.url));
const graph = importGraph(srcRoot);

/** Every `file → target` of the graph whose file matches `from` and whose target matches `to`. */
function importsBetween(from: RegExp, to: RegExp): string[] {
  return [...graph].flatMap(([file, targets]) => (from.test(file) ? [...targets].filter((t) => to.test(t)).map((t) => `${file} → ${t}`) : []));
}

/** The app and what a module is given (app-services.ts, system-param.ts), the modules and what builds on them. */
const MODULES_AND_APP = /^server\/(modules|ops|seed)\/|^server\/(app|main|app-services|system-param)\.ts$/;

describe('server import layers', () => {
  it('reads the whole server (the graph is not empty by mistake)', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('server/app.ts')).toContain('server/engine/engine-routes.ts');
  });

  it('has no file circle (static, re-export or import())', () => {
    expect(importCycles(graph).filter((cycle) => cycle.some((file) => !file.startsWith('client/')))).toEqual([]);
  });

  it('keeps src/shared free of the server and the client', () => {
    expect(importsBetween(/^shared\//, /^(server|client)\//)).toEqual([]);
  });

  it('keeps store, db and http below the engine, the modules and the app', () => {
    expect(importsBetween(/^server\/(store|db|http)\//, /^server\/engine\//)).toEqual([]);
    expect(importsBetween(/^server\/(store|db|http)\//, MODULES_AND_APP)).toEqual([]);
  });

  it('keeps the engine free of the modules, the app services and the app', () => {
    expect(importsBetween(/^server\/engine\//, MODULES_AND_APP)).toEqual([]);
  });

  it('has no module-to-module cycle', () => {
    expect(importCycles(moduleGraph(graph))).toEqual([]);
  });

});
