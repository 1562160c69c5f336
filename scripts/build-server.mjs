// Bundles the server's own code (src/server, src/shared) into dist/server/main.mjs for
// `npm start`: plain Node then loads one file instead of compiling some 400 TypeScript
// modules through tsx at every start. Packages stay in node_modules (external); the
// source map keeps stack traces and logged error locations pointing at src/.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = 'dist/server/main.mjs';
/**
 * How Node runs the bundle (npm start, the benches, the tests' server processes). A young
 * generation of 8 MB semi-spaces (Node 20's default grows to 16): at a few thousand
 * requests a second the default promoted the requests' short-lived objects into the old
 * space, which grew to 100+ MB of garbage before a full collection (RSS 180–217 MB after
 * bench:api-list); with 8 it stays at 135–140 MB at the same rates.
 * Even so ≈ 1.5 MB/s survives the young generation at 7k req/s and is garbage soon after;
 * V8 lets the old space grow to ≈ 3× its live size (≈ 38 MB) before a full collection, so
 * RSS after bench:api-list swung between 150 and 205 MB with when that collection fell. A
 * growth factor of 1.5 collects at ≈ 57 MB: RSS 145–160 MB, one full collection every
 * ≈ 10 s at that rate (its marking runs mostly beside the requests).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50'];

/** `outfile` from the project root; tests build their own copy under .tmp/. */
export async function buildServer(outfile = serverBundle) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // Written aside and renamed: processes started together (README, several processes)
  // never run a half-written bundle.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(`${file.path}.${process.pid}`, file.contents);
    renameSync(`${file.path}.${process.pid}`, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
