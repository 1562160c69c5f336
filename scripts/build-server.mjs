// Bundles the server's own code (src/server, src/shared) into dist/server/main.mjs for
// `npm start`: plain Node then loads one file instead of compiling some 400 TypeScript
// modules through tsx at every start. Packages stay in node_modules (external); the
// source map keeps stack traces and logged error locations pointing at src/.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = 'dist/server/main.mjs';

/** `outfile` from the project root; tests build their own copy under .tmp/. */
export async function buildServer(outfile = serverBundle) {
  await build({
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
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
