/** The figures' count of functions past two positional parameters (scripts/figures/positional-parameters.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wideFunctions } from '../../../scripts/figures/positional-parameters';

const root = mkdtempSync(join(tmpdir(), 'atrium-wide-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('positional parameter count', () => {
  it('counts declarations, arrows, methods and constructors past two parameters, and tells callbacks passed inline', () => {
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'a.ts'), [
      'export function three(a: number, b: number, c: number) { return a + b + c; }',
      'export function two(a: number, b: number) { return a + b; }',
      'export function withThis(this: unknown, a: number, b: number) { return a + b; }',
      'export const arrow = (a: number, b: number, c: number) => a + b + c;',
      'export function overload(a: string, b: string, c: string): void;',
      'export function overload(opts: unknown): void {}',
      'class K { constructor(a: number, b: number, c: number) {} method(a: number, b: number, ...rest: number[]) { return rest; } }',
      '[1].reduce((sum, x, i) => sum + x + i, 0);',
    ].join('\n'));
    writeFileSync(join(root, 'src', 'b.d.ts'), 'export declare function declared(a: 1, b: 2, c: 3): void;');
    const found = wideFunctions(root, ['src']);
    expect(found.map((f) => `${f.name}:${f.parameters}:${f.isInlineCallback}`)).toEqual([
      'three:3:false', 'arrow:3:false', 'constructor:3:false', 'method:3:false', '(anonymous):3:true',
    ]);
  });
});
