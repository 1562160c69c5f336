/** The server's file circles and its module-to-module cycles, from the import graph of `src/`. */
import { importCycles, type ImportGraph } from '../../tests/support/import-graph.js';

const MODULE_FILE = /^server\/modules\/([^/]+)\//;

/** The graph of `server/modules/<name>` folders: a module → the other modules it imports. */
export function moduleGraph(graph: ImportGraph): ImportGraph {
  const modules: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = MODULE_FILE.exec(file)?.[1];
    if (!from) continue;
    const edges = modules.get(from) ?? new Set<string>();
    modules.set(from, edges);
    for (const target of targets) {
      const to = MODULE_FILE.exec(target)?.[1];
      if (to && to !== from) edges.add(to);
    }
  }
  return modules;
}

/** Pairs of modules that import each other, `a ↔ b` (a before b). */
export function mutualModules(modules: ImportGraph): string[] {
  const pairs: string[] = [];
  for (const [from, targets] of modules) {
    for (const to of targets) if (from < to && modules.get(to)?.has(from)) pairs.push(`${from} ↔ ${to}`);
  }
  return pairs.sort();
}

export { importCycles };
