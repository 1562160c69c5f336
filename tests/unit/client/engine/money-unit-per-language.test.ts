import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../../../src/client/engine/list/cell-text';
import { normalizeSchema } from '../../../../src/shared/schema/normalize-schema';
import { projectPath } from '../../../support/paths.js';

const model = (key: string) =>
  normalizeSchema({ key, source: 'schemas', json: JSON.parse(readFileSync(projectPath(`schemas/${key}.json`), 'utf8')) } as never);

describe('a number cell with an x-format unit', () => {
  it('shows the unit of the console language: 元 in zh, CNY in en', () => {
    const field = model('manage/item').fields.find((f) => f.name === 'contractAmount');
    expect(cellText(field, 1250.5, 'zh')).toBe('1250.5 元');
    expect(cellText(field, 1250.5, 'en')).toBe('1250.5 CNY');
  });

  it('keeps a unit written once for every language (KB)', () => {
    const field = model('resource/attach').fields.find((f) => f.name === 'attachSize');
    expect(cellText(field, 20480, 'en')).toBe('20 KB');
  });
});
