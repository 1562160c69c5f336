// Bundles the server's own code (src/server, src/shared) into dist/server/main.mjs for
// `npm start`: plain Node then loads one file instead of compiling some 400 TypeScript
// modules through tsx at every start. Packages stay in node_modules (external), except the
// few in BUNDLED_PACKAGES; the source map keeps stack traces and logged error locations
// pointing at src/.
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

/**
 * Plain-JavaScript packages every start loads whose hundreds of small module files cost
 * more to resolve and link one by one than to read as part of the bundle: kysely alone is
 * 279 ES modules (≈ 110 ms of a start on the embedded database, ≈ 200 ms with the rest
 * here). What they import comes along; packages that read files beside their own code
 * (PGlite's wasm, bpmn-engine's package.json, swagger-ui's pages, svg-captcha's fonts) or
 * load native code stay in node_modules, and so does every package imported only lazily.
 */
const BUNDLED_PACKAGES = new Set(['kysely', 'kysely-pglite-dialect', 'ajv', 'ajv-formats', 'jose', 'prom-client', 'diff', 'helmet', '@fastify/swagger']);

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Our imports of BUNDLED_PACKAGES and whatever those import go into the bundle; any other package stays outside. */
const choosePackages = {
  name: 'choose-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const insideBundled = /[\\/]node_modules[\\/]/.test(args.importer);
      return insideBundled || BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { external: true };
    });
  },
};

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
    plugins: [choosePackages],
    // CommonJS code in the bundle (ajv, prom-client) requires Node's own modules.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
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
