/**
 * The import graph of a source folder, read with the TypeScript compiler's parser: every
 * relative `import`, `export … from` and `import()` (type-only imports too — they tie the
 * files together for the reader even when the bundler drops them), and its import cycles
 * (strongly connected components of more than one file, or a file importing itself).
 * Specifiers may name the source without an extension (the client) or by its emitted `.js`
 * name (the server); both resolve to the `.ts`/`.tsx` file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, Set<string>>;

const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  // The server writes ESM specifiers: `./x.js` names the source `./x.ts` (or `.tsx`).
  const source = /\.js$/.test(base) ? [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')].find((path) => existsSync(path)) : undefined;
  return source ?? extensions.map((ext) => base + ext).find((path) => existsSync(path));
}

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Files under `root` (paths relative to `root`) → the files under `root` they import. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = new Set<string>();
    for (const specifier of specifiers(file)) {
      const target = resolveImport(file, specifier);
      if (target && target.startsWith(root)) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** The cycles of the graph, each as its sorted list of files (Tarjan's algorithm). */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** Edges between two top-level folders of the graph, `from → to` (e.g. `chrome → engine`). */
export function folderEdges(graph: ImportGraph): Set<string> {
  const edges = new Set<string>();
  const folder = (path: string) => path.split('/')[0]!;
  for (const [file, targets] of graph) {
    for (const target of targets) if (folder(file) !== folder(target)) edges.add(`${folder(file)} → ${folder(target)}`);
  }
  return edges;
}

/**
 * The graph of groups of files: `groupOf` names a file's group (say its module folder) or
 * undefined for files outside every group; an edge joins two different groups.
 */
export function groupGraph(graph: ImportGraph, groupOf: (file: string) => string | undefined): ImportGraph {
  const groups: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (from === undefined) continue;
    const edges = groups.get(from) ?? new Set<string>();
    groups.set(from, edges);
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return groups;
}

/** The server's modules (`server/modules/<name>/…` in a graph of `src/`) as a graph of module names. */
export function moduleGraph(graph: ImportGraph): ImportGraph {
  return groupGraph(graph, (file) => /^server\/modules\/([^/]+)\//.exec(file)?.[1]);
}

/** Pairs of groups that import each other, `a ↔ b` (a before b), sorted. */
export function mutualPairs(graph: ImportGraph): string[] {
  const pairs: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (from < to && graph.get(to)?.has(from)) pairs.push(`${from} ↔ ${to}`);
  }
  return pairs.sort();
}
