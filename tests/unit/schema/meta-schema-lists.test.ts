import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_KINDS, ENDPOINT_OF_ACTION, FILTER_OPS, FORM_MODES, LIST_MODES, STANDARD_ACTIONS, STANDARD_BUTTONS, WIDGET_NAMES, FORM_ONLY_WIDGETS,
} from '../../../src/shared/schema/entity-model.js';
import { DEFAULT_PAGE_SIZES } from '../../../src/shared/schema/page-sizes.js';
import { projectPath } from '../../support/paths.js';

const meta = JSON.parse(readFileSync(projectPath('schemas/entity.meta.json'), 'utf8'));
const at = (pointer: string) => pointer.split('/').slice(1).reduce((node, key) => node[key], meta);

describe('the meta-schema and the TypeScript model name the same things', () => {
  it('widgets', () => {
    expect(at('/$defs/property/properties/x-widget').enum).toEqual([...WIDGET_NAMES, ...FORM_ONLY_WIDGETS]);
  });

  it('filter operators', () => {
    expect(at('/$defs/filterOp').enum).toEqual([...FILTER_OPS]);
  });

  it('endpoint kinds', () => {
    expect(at('/$defs/endpoint/properties/kind').enum).toEqual([...ENDPOINT_KINDS]);
  });

  it('list modes and form modes', () => {
    expect(at('/$defs/listView/properties/mode').enum).toEqual([...LIST_MODES]);
    expect(at('/$defs/property/properties/x-disabled/items').enum).toEqual([...FORM_MODES]);
    expect(at('/$defs/property/properties/x-hidden/items').enum).toEqual([...FORM_MODES]);
  });

  it('standard actions and their seeded buttons', () => {
    expect(at('/$defs/listView/properties/actions/items').enum).toEqual([...STANDARD_ACTIONS]);
    expect(at('/$defs/listView/properties/actions').default).toEqual([...STANDARD_ACTIONS]);
    expect(at('/properties/x-menu/properties/buttons/items/oneOf/0').enum).toEqual(Object.keys(STANDARD_BUTTONS));
    expect(Object.keys(ENDPOINT_OF_ACTION)).toEqual([...STANDARD_ACTIONS]);
  });

  it('page sizes: the default list, within the largest size a list may offer', () => {
    const pageSizes = at('/$defs/listView/properties/pageSizes');
    expect(pageSizes.default).toEqual([...DEFAULT_PAGE_SIZES]);
    expect(Math.max(...DEFAULT_PAGE_SIZES)).toBeLessThanOrEqual(pageSizes.items.maximum);
  });
});
