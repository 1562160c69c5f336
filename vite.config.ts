/// <reference types="vitest/config" />
/**
 * Vite builds the client (src/client → dist/client); the server serves dist/client on
 * the API's port. `npm run dev` proxies /api to a server on 8080.
 *
 * Vitest also reads this file (it is the repo root's vite config), so the `test` block
 * points it back at the repo root: the client root here would hide tests/.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.js';
import { HeaviestFirst } from './tests/support/sequencer.js';
import { SERIAL_FILES } from './tests/support/serial-files.js';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));

/** material-react-table's date pickers (column filters, never on) resolve to a stub: see the stub's comment. */
function mrtWithoutDateFilters(): Plugin {
  const stub = fileURLToPath(new URL('./src/client/engine/list/mrt-date-filters-off.ts', import.meta.url));
  return {
    name: 'atrium-mrt-without-date-filters',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/material-react-table/') && source.startsWith('@mui/x-date-pickers/')) return stub;
      return null;
    },
  };
}

export default defineConfig({
  root: clientRoot,
  plugins: [react(), mrtWithoutDateFilters(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Pages are split by React.lazy; React itself gets one long-lived chunk, and what the
        // entry imports statically (the shell and the login page) one more, instead of dozens
        // of small shared chunks each a request before the first screen.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 1888,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  test: {
    root: repoRoot,
    dir: repoRoot,
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/support/count-expects.ts'],
    // Two workers, each running its files one after another in one process (isolate: false):
    // the modules, PGlite's WebAssembly and the JIT are warmed once per worker instead of once
    // per file (≈ 3–5 s a file). Every API file starts apps of its own on databases of its own
    // (tests/support/test-app.ts), so files do not see each other's rows; see
    // tests/support/serial-files.ts for the few that run alone, after the others.
    isolate: false,
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: [...SERIAL_FILES], globalSetup: ['tests/support/global-setup.ts'], setupFiles: ['tests/support/worker-redis.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-alone', include: [...SERIAL_FILES], globalSetup: ['tests/support/global-setup.ts'], setupFiles: ['tests/support/worker-redis.ts'],
          maxWorkers: 1, sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
