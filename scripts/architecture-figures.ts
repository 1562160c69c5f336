/**
 * The figures of the code's structure, one a line (issue 31's closing note reads them
 * before and after): file circles, module cycles, functions with more than two positional
 * parameters, hand pages of the system-administration menus, the length of the engine's
 * repository, and the API routes the engine serves against the hand-written ones.
 * Run with `npm run figures` (`-- --list` adds the functions one a line).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph, moduleGraph, mutualPairs } from '../tests/support/import-graph.js';
import { wideFunctions } from './figures/positional-parameters.js';
import { routeSplit } from './figures/route-split.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const HAND_PAGE = /'(\/(?:system|authority|resource|base|tool|monitor|desk)\/[^']*)'\s*:/g;

function importLines(): string[] {
  const graph = importGraph(`${root}src`);
  const circles = importCycles(graph);
  const modules = moduleGraph(graph);
  const moduleCycles = importCycles(modules);
  return [
    `file circles: ${circles.length} (${circles.reduce((n, c) => n + c.length, 0)} files)${circles.map((c) => ` [${c.join(', ')}]`).join('')}`,
    `module cycles: ${mutualPairs(modules).length} pairs importing each other (${mutualPairs(modules).join(', ')}); strongly connected groups: ${moduleCycles.length}${moduleCycles.map((c) => ` [${c.join(', ')}]`).join('')}`,
  ];
}

function handPages(): string[] {
  const table = readFileSync(`${root}src/client/routes/route-table.ts`, 'utf8');
  return [...table.matchAll(HAND_PAGE)].map((match) => match[1]!);
}

function countLines(path: string): number {
  return readFileSync(`${root}${path}`, 'utf8').split('\n').length - 1;
}

async function main(): Promise<void> {
  for (const line of importLines()) console.log(line);
  const wide = wideFunctions(root, ['src', 'codegen']);
  const callbacks = wide.filter((f) => f.isInlineCallback).length;
  console.log(`functions with more than two positional parameters (src/, codegen/): ${wide.length} (${callbacks} of them callbacks passed inline, ${wide.length - callbacks} declared)`);
  const pages = handPages();
  console.log(`hand pages under /system /authority /resource /base /tool /monitor /desk: ${pages.length} (${pages.join(', ')})`);
  console.log(`lines of src/server/engine/repository.ts: ${countLines('src/server/engine/repository.ts')}`);
  const handRoutes: string[] = [];
  for (const { prefix, engine, hand } of await routeSplit(handRoutes)) {
    const share = engine + hand === 0 ? 0 : Math.round((100 * engine) / (engine + hand));
    console.log(`API routes ${prefix}: ${engine + hand} (engine ${engine}, hand ${hand}, ${share} % engine)`);
  }
  if (process.argv.includes('--routes')) for (const route of handRoutes.sort()) console.log(`  hand: ${route}`);
  if (process.argv.includes('--list')) for (const f of wide) console.log(`  ${f.file}:${f.line} ${f.name} (${f.parameters}${f.isInlineCallback ? ', inline callback' : ''})`);
}

await main();
