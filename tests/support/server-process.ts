import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from './paths.js';
import { createTestDatabase } from './test-database.js';

export interface ServerProcess {
  port: number;
  pid: number;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Everything the process wrote to stdout and stderr so far (the pino log among it). */
  output(): string;
  stop(): Promise<void>;
}

let bundle: Promise<string> | undefined;

/** The Node flags `npm start` runs the bundle with. */
export async function serverNodeFlags(): Promise<string[]> {
  return ((await import(projectPath('scripts/build-server.mjs'))) as { serverNodeFlags: string[] }).serverNodeFlags;
}

/** The server bundle `npm start` runs, built once per test worker (workers build side by side). */
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const outfile = `.tmp/server-bundle/${process.pid}/main.mjs`;
    const { buildServer } = (await import(projectPath('scripts/build-server.mjs'))) as { buildServer(outfile: string): Promise<void> };
    await buildServer(outfile);
    return projectPath(outfile);
  })();
  return bundle;
}

/** A TCP port nobody listens on now (on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * The server as `npm start` runs it (the bundle of src/server/main.ts in its own process) on a fresh
 * data folder, or a fresh PostgreSQL database when DATABASE_URL is set. Only the
 * variables in `env` are added to the test's own (HOST and ADMIN_PASSWORD are removed).
 * A DATA_DIR or DATABASE_URL given in `env` is used as it is and left in place at stop
 * (several processes sharing them).
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atrium-process-'));
  const database = env.DATABASE_URL === undefined && process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const port = await freePort();
  const { HOST: _host, ADMIN_PASSWORD: _password, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(await serverNodeFlags()), await serverBundle()], {
    env: {
      ...inherited, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', PORT: String(port), LOG_LEVEL: 'info',
      SEED_REGIONS: 'false', CLIENT_DIR: projectPath('dist/none'), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    await database?.drop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!output.includes('Atrium is serving')) {
    if (child.exitCode !== null || Date.now() - started > 90_000) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, pid: child.pid!, alive: () => child.exitCode === null && child.signalCode === null, output: () => output, stop };
}
