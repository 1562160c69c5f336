/**
 * The client's files import each other without cycles, and each folder imports only the
 * layers docs/architecture.md puts below it: a new import that closes a loop (say a page
 * importing the page registry) or runs back up (the engine importing a page or the chrome)
 * fails here with the folders or files that make it.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderEdges, importCycles, importGraph } from '../../support/import-graph';

const clientRoot = fileURLToPath(new URL('../../../src/client', import.meta.url));
const graph = importGraph(clientRoot);

/** What each top-level folder (or file) of src/client may import, bottom layer first. */
const ALLOWED_IMPORTS: Record<string, string[]> = {
  'site-config.ts': [],
  api: ['site-config.ts'],
  store: ['site-config.ts'],
  ui: ['api', 'store', 'i18n', 'site-config.ts'],
  i18n: ['store', 'site-config.ts'],
  session: ['api', 'store', 'i18n', 'ui', 'site-config.ts'],
  components: ['ui'],
  icons: [],
  engine: ['api', 'ui', 'session', 'i18n', 'icons', 'components'],
  chrome: ['api', 'ui', 'session', 'store', 'i18n', 'icons', 'components', 'engine', 'site-config.ts'],
  pages: ['api', 'ui', 'session', 'store', 'i18n', 'icons', 'components', 'engine', 'chrome', 'site-config.ts'],
  routes: ['api', 'ui', 'session', 'store', 'i18n', 'icons', 'components', 'engine', 'chrome', 'pages', 'site-config.ts'],
  'App.tsx': ['api', 'session', 'i18n', 'chrome', 'routes'],
  'main.tsx': ['api', 'session', 'i18n', 'chrome', 'routes', 'App.tsx'],
};

/**
 * Imports that still run back up, each with what it takes; remove an entry when its import goes
 * (the test below fails while an entry matches no import).
 */
const BACK_ARROWS_STILL_THERE: Record<string, string> = {
  'i18n → engine': 'i18n/i18n.ts: the engine message tree (engine/engine-messages.ts)',
  'i18n → pages': 'i18n/{zh,en}.ts: the message trees of pages/flow',
  'chrome → routes': 'paths.ts, use-route-title.ts, find-model.ts, use-entity-models.ts, layout-page-paths.ts, PageBoundary.tsx',
  'pages → routes': 'paths.ts, find-model.ts, use-entity-models.ts',
};

describe('client import layers', () => {
  it('reads the whole client (the graph is not empty by mistake)', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('routes/AppRoutes.tsx')).toContain('routes/route-table.ts');
  });

  it('has no import cycle (static, re-export or import())', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps the page registry at the top: only AppRoutes imports route-table', () => {
    const importers = [...graph].filter(([, targets]) => targets.has('routes/route-table.ts')).map(([file]) => file);
    expect(importers).toEqual(['routes/AppRoutes.tsx']);
  });

  it('ties chrome and engine one way only, and the shared ui folder imports none of the screens', () => {
    const edges = folderEdges(graph);
    expect(edges).not.toContain('engine → chrome');
    const fromUi = [...edges].filter((edge) => edge.startsWith('ui → '));
    for (const edge of fromUi) expect(edge).toMatch(/^ui → (api|site-config\.ts|store|i18n)$/);
  });
});

describe('client folder layers', () => {
  const edges = [...folderEdges(graph)];

  it('places every top-level folder in a layer', () => {
    const folders = new Set([...graph.keys()].map((file) => file.split('/')[0]!));
    expect([...folders].filter((folder) => !(folder in ALLOWED_IMPORTS))).toEqual([]);
  });

  it('imports only the layers below, but for the back-arrows listed', () => {
    const upward = edges.filter((edge) => {
      const [from, to] = edge.split(' → ');
      return !ALLOWED_IMPORTS[from!]?.includes(to!) && !(edge in BACK_ARROWS_STILL_THERE);
    });
    expect(upward).toEqual([]);
  });

  it('keeps the engine free of the pages, the chrome and the page registry', () => {
    expect(edges.filter((edge) => /^engine → (pages|chrome|routes)$/.test(edge))).toEqual([]);
  });

  it('lists only back-arrows that still exist', () => {
    expect(Object.keys(BACK_ARROWS_STILL_THERE).filter((edge) => !edges.includes(edge))).toEqual([]);
  });
});

describe('import cycle finder', () => {
  it('names the files of a loop and ignores a chain', () => {
    const loop = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ]);
    expect(importCycles(loop)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(new Map([['a.ts', new Set(['b.ts'])], ['b.ts', new Set<string>()]]))).toEqual([]);
  });
});
