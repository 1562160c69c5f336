import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files.js';

/**
 * Issue 10, "facts in one place": the model answers `fieldOf(model, name)` and
 * `keyFieldOf(model)` (engine code that needs the field: `requiredField`); callers do not
 * search `model.fields` by name again.
 */
const BY_NAME = /\bfields\??\.(?:find|some|filter|findIndex)\(\(?(\w+)\)? => \1\.name === /;
/** Where the lookup itself lives, and the normalizer, which has no model yet. */
const ALLOWED = new Set(['src/shared/schema/entity-model.ts', 'src/shared/schema/normalize-schema.ts']);

describe('looking a field up by name', () => {
  it('goes through fieldOf / keyFieldOf / requiredField everywhere else', () => {
    const files = [...sourceFiles('src', /\.tsx?$/), ...sourceFiles('codegen', /\.ts$/)];
    expect(files.length).toBeGreaterThan(300);
    const copies = files.filter((file) => !ALLOWED.has(file))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (BY_NAME.test(line) ? [`${file}:${i + 1}`] : [])));
    expect(copies).toEqual([]);
  });
});
