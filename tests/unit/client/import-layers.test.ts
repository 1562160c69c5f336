/**
 * The client's files import each other without cycles, and the shared UI folder stays
 * below everything: a new import that closes a loop (say a page importing the page
 * registry, or the engine importing the chrome) fails here with the files in the loop.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderEdges, importCycles, importGraph } from '../../support/import-graph';

const clientRoot = fileURLToPath(new URL('../../../src/client', import.meta.url));
const graph = importGraph(clientRoot);

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
