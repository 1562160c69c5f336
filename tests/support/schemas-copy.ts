import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { projectPath } from './paths.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `schemasWith(file, edit)`: a copy of schemas/ with one file changed by `edit`, removed after
 * each test of the calling file (the schema-format tests' one way to try a bad keyword).
 */
export function schemaCopies(): (file: string, edit: (json: Json) => void) => string {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (file, edit) => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
    dirs.push(dir);
    cpSync(projectPath('schemas'), dir, { recursive: true });
    const path = join(dir, file);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    edit(json);
    writeFileSync(path, JSON.stringify(json));
    return dir;
  };
}
