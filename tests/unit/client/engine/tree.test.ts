import { describe, expect, it } from 'vitest';
import { flattenTree, labelMap, subRowsOf, type TreeRow } from '../../../../src/client/engine/data/tree';
import { toggleChecked } from '../../../../src/client/engine/form/widgets/checkbox-tree-state';

const keys = { labelKey: 'title', valueKey: 'value' };
const menus: TreeRow[] = [
  {
    title: 'desk', value: '1',
    children: [
      { title: 'notice', value: '2', children: [{ title: 'add', value: '3' }, { title: 'edit', value: '4' }] },
    ],
  },
  { title: 'system', value: '5', children: [] },
];

describe('option trees', () => {
  it('lists nodes depth first with depth, label and descendants', () => {
    const flat = flattenTree(menus, keys);
    expect(flat.map((o) => [o.value, o.label, o.depth])).toEqual([
      ['1', 'desk', 0], ['2', 'notice', 1], ['3', 'add', 2], ['4', 'edit', 2], ['5', 'system', 0],
    ]);
    expect(flat[0].descendants).toEqual(['2', '3', '4']);
    expect(labelMap(menus, keys).get('4')).toBe('edit');
  });

  it('gives a row no sub-rows for an empty children array', () => {
    expect(subRowsOf(menus[1])).toBeUndefined();
    expect(subRowsOf(menus[0])).toHaveLength(1);
  });
});

describe('checkbox tree', () => {
  it('checks a node with its subtree', () => {
    expect(toggleChecked({ nodes: menus, keys, selected: [], value: '2' })).toEqual(['1', '2', '3', '4']);
  });

  it('unchecks the parents of an unchecked leaf', () => {
    expect(toggleChecked({ nodes: menus, keys, selected: ['1', '2', '3', '4'], value: '3' })).toEqual(['4']);
  });

  it('checks a parent once all its children are checked', () => {
    expect(toggleChecked({ nodes: menus, keys, selected: ['3'], value: '4' })).toEqual(['1', '2', '3', '4']);
  });
});
