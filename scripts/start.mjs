// `npm start`: builds the console and the server bundle once (again only when their
// sources changed), then runs the server, which serves the console and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle, serverNodeFlags } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestIn(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestIn(join(path, entry)));
  return newest;
}

/** True when `output` is missing or older than any of `sources` (paths from the project root). */
function isStale(output, sources) {
  const built = join(root, output);
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map((p) => newestIn(join(root, p))));
}

if (isStale('dist/client/index.html', ['src/client', 'src/shared', 'vite.config.ts'])) {
  console.log('Building the console (first start or changed sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (isStale(serverBundle, ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'])) await buildServer();

const server = spawn(process.execPath, [...serverNodeFlags, join(root, serverBundle)], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
