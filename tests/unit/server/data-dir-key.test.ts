import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirKey } from '../../../src/server/data-dir-key.js';
import { projectPath } from '../../support/paths.js';

/** `node` running dataDirKey(dir, name) once the wall clock reaches `at`; answers what it printed. */
function keyInProcess(dir: string, name: string, at: number): Promise<string> {
  const script = `const { dataDirKey } = await import(${JSON.stringify(projectPath('src/server/data-dir-key.ts'))});
    while (Date.now() < ${at});
    process.stdout.write(dataDirKey(${JSON.stringify(dir)}, ${JSON.stringify(name)}));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectPath('') });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

describe('a key kept in the data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'atrium-key-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is one key for processes that create it at the same moment, written whole and private', async () => {
    const dir = join(root, 'shared');
    const at = Date.now() + 3000;
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyInProcess(dir, 'jwt.key', at)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\w-]{64}$/);
    expect(readdirSync(dir)).toEqual(['jwt.key']);
    expect(statSync(join(dir, 'jwt.key')).mode & 0o777).toBe(0o600);
    expect(dataDirKey(dir, 'jwt.key')).toBe(keys[0]);
  }, 60_000);

  it('refuses an empty key file instead of using an empty secret', () => {
    const dir = join(root, 'empty');
    dataDirKey(dir, 'other.key');
    writeFileSync(join(dir, 'datasource.key'), '\n');
    expect(() => dataDirKey(dir, 'datasource.key')).toThrow(/datasource\.key is empty/);
  });
});
