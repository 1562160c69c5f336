import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, message, pickLang, translate } from '../../../src/shared/i18n/translate.js';
import { isEmpty } from '../../../src/shared/is-empty.js';

const texts = (lang: 'zh' | 'en') =>
  Object.entries(catalogue[lang]).flatMap(([ns, keys]) => Object.entries(keys as Record<string, string>).map(([key, text]) => [`${ns}.${key}`, text] as const));

const placeholders = (text: string) => [...text.matchAll(/(?<!\$)\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

describe('the text catalogue', () => {
  it('holds the same keys in zh and en, each a non-empty text with the same placeholders', () => {
    const zh = new Map(texts('zh'));
    const en = new Map(texts('en'));
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, text] of zh) {
      expect(text.trim().length > 0 && en.get(key)!.trim().length > 0, key).toBe(true);
      expect(placeholders(en.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('has every key the server, shared and generator code name, and no key nobody names', () => {
    const namespaces = Object.keys(catalogue.zh).join('|');
    const known = new Set<string>(texts('zh').map(([key]) => key));
    const used = new Map<string, string>();
    // A module adapter that builds its keys (`flow.${name}`) names its whole namespace.
    const builtNamespaces = new Set<string>();
    for (const file of [...sourceFiles('src/server'), ...sourceFiles('src/shared'), ...sourceFiles('codegen')]) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(new RegExp(`'((?:${namespaces})\\.\\w+)'`, 'g'))) used.set(m[1], file);
      for (const m of source.matchAll(new RegExp(`\`(${namespaces})\\.\\$\\{`, 'g'))) builtNamespaces.add(m[1]);
    }
    // A schema names a text key where a file name is a text (x-api workbook endpoints' `file.name`).
    for (const file of sourceFiles('schemas', /\.json$/)) {
      for (const m of readFileSync(file, 'utf8').matchAll(new RegExp(`"name": "((?:${namespaces})\\.\\w+)"`, 'g'))) used.set(m[1], file);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
    expect([...known].filter((key) => !used.has(key) && !builtNamespaces.has(key.split('.')[0]))).toEqual([]);
  });

  it('fills placeholders, translates nested texts and leaves ${name} as written', () => {
    expect(translate('en', 'request.paramMissing', { name: 'id' })).toBe('missing required request parameter: id');
    expect(translate('zh', message('region.importRejected', { row: 3, message: message('region.codeExists', { code: '11' }) })))
      .toBe('第 3 行: 区划编号 [11] 已存在');
    expect(translate('en', 'validation.required', { field: { zh: '账号', en: 'account' } })).toBe('please enter the account');
    expect(translate('zh', 'menu.scopeValueItem', { n: 2 })).toBe('规则第2项须为含 field、op、value 的对象');
    expect(translate('en', 'menu.scopeValuePlaceholder', { n: 1, placeholder: '${x}' })).toContain('${userId}, ${deptId}');
  });

  it('picks the request language from Accept-Language', () => {
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('zh-CN')).toBe('zh');
    expect(pickLang(undefined)).toBe('zh');
  });
});

describe('isEmpty (spec §5 emptiness rule)', () => {
  it('never treats booleans and numbers as empty', () => {
    for (const v of [false, true, 0, -1, Number.NaN]) expect(isEmpty(v)).toBe(false);
  });
  it('treats empty arrays, objects, null, undefined and "" as empty', () => {
    for (const v of [[], {}, null, undefined, '']) expect(isEmpty(v)).toBe(true);
    for (const v of [[0], { a: 1 }, ' ', 'x']) expect(isEmpty(v)).toBe(false);
  });
});
