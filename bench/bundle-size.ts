// Gzip size of the JavaScript a browser loads for a route of the built console
// (dist/client, `npm run build` first): the entry with its static imports, plus the
// route's lazy page chunk with its static imports. Prints one line a route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectPath } from '../tests/support/paths.js';

interface Chunk { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string }

const dist = projectPath('dist/client');
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function gzipKb(keys: Set<string>): number {
  let bytes = 0;
  for (const key of keys) bytes += gzipSync(readFileSync(join(dist, manifest[key].file))).length;
  return Math.round(bytes / 102.4) / 10;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const pageKey = (name: string) => Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`));
const routes: [string, string[]][] = [
  ['login', ['LoginPage']],
  ['first-screen-after-sign-in (/wel/index)', ['Layout', 'WelPage']],
  ['resource-page (/system/param/index)', ['Layout', 'ResourcePage']],
  ['resource-page with its form open (+ FormDialog)', ['Layout', 'ResourcePage', 'FormDialog']],
];
console.log(`entry alone: ${gzipKb(closure([entry]))} KB gzip`);
for (const [route, pages] of routes) {
  const keys = [entry, ...pages.map(pageKey).filter((k): k is string => Boolean(k))];
  console.log(`bundle ${route}: js_gzip_kb=${gzipKb(closure(keys))}`);
}
