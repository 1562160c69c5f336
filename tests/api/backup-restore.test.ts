import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const work = mkdtempSync(join(tmpdir(), 'atrium-backup-'));
const dataDir = join(work, 'data');
const backupDir = join(work, 'backup');
let drop: (() => Promise<void>) | undefined;
let databaseUrl = '';
afterAll(async () => {
  await drop?.();
  rmSync(work, { recursive: true, force: true });
});

/** `npm run <command> -- <args>` as an operator types it, on this install's folder and database. */
function npmRun(command: 'backup' | 'restore', ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', command, '--', ...args], {
      cwd: projectPath('.'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, FILES_DIR: '', RUNTIME_SCHEMAS_DIR: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A server on the install's folder and database (a second call is the server started again). */
const server = () => startTestApp({ dataDir, databaseUrl, seedRegions: false });

async function upload(t: TestApp, headers: Record<string, string>, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', headers: { ...headers, 'content-type': encoded.headers.get('content-type')! }, payload });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data as { link: string; name: string };
}

const noticeTitles = async (t: TestApp, headers: Record<string, string>) =>
  (await t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers, query: { size: '100' } })).body.data.records.map((r: any) => r.title).filter((title: string) => title.startsWith('bk ')).sort();

describe(`backup and restore (${process.env.DATABASE_URL ? 'PostgreSQL: pg_dump / pg_restore' : 'embedded database: its folder'} and the local object store)`, () => {
  it('brings back the rows and files of the backup after they were changed and deleted', async () => {
    if (process.env.DATABASE_URL) {
      const database = await createTestDatabase(process.env.DATABASE_URL);
      ({ drop } = database);
      databaseUrl = database.url;
    }
    const bytes = Buffer.from('the original contents of report.txt');

    const first = await server();
    const admin = await first.login();
    for (const title of ['bk kept', 'bk edited later']) {
      expect((await first.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: admin, payload: { title, category: 1, releaseTime: '2026-11-22 09:00:00' } })).status).toBe(200);
    }
    const file = await upload(first, admin, 'report.txt', bytes);
    if (!process.env.DATABASE_URL) {
      const copy = await npmRun('backup', '--out', backupDir);
      expect(copy.code, copy.output).toBe(2);
      expect(copy.output).toMatch(/Refused, nothing was changed: a server \(process \d+\) has the embedded database/);
    }
    await first.close();

    const made = await npmRun('backup', '--out', backupDir);
    expect(made.code, made.output).toBe(0);
    expect(JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({ format: 'atrium-backup/1', parts: expect.arrayContaining(['files', 'datasource.key']) });
    expect((await npmRun('backup', '--out', backupDir)).code).toBe(2); // not an empty folder

    const second = await server();
    const again = await second.login();
    const rows = (await second.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: again, query: { size: '100' } })).body.data.records;
    const edited = rows.find((r: any) => r.title === 'bk edited later');
    await second.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: again, payload: { ...edited, title: 'bk changed after the backup' } });
    await second.call({ method: 'POST', url: '/api/blade-desk/notice/remove', headers: again, query: { ids: rows.find((r: any) => r.title === 'bk kept').id } });
    await second.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: again, payload: { title: 'bk added after the backup', category: 1, releaseTime: '2026-11-22 09:00:00' } });
    expect((await second.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-file', headers: again, query: { fileName: file.name } })).status).toBe(200);
    expect(await noticeTitles(second, again)).toEqual(['bk added after the backup', 'bk changed after the backup']);
    expect((await second.app.inject({ method: 'GET', url: file.link })).statusCode).toBe(404);
    const whileRunning = await npmRun('restore', '--from', backupDir);
    expect(whileRunning.code, whileRunning.output).toBe(2);
    expect(whileRunning.output).toMatch(/Refused, nothing was changed: (a server \(process \d+\) has the embedded database|\d+ other session\(s\) use the database)/);
    await second.close();

    const restored = await npmRun('restore', '--from', backupDir);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/files: the current one kept as .*before-restore-/);

    const third = await server();
    const headers = await third.login();
    expect(await noticeTitles(third, headers)).toEqual(['bk edited later', 'bk kept']);
    const got = await third.app.inject({ method: 'GET', url: file.link });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    await third.close();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000);
});
