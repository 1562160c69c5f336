import { describe, expect, it } from 'vitest';
import { flattenTree, labelMap, subRowsOf, type TreeRow } from '../../../../src/client/engine/data/tree';

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

  it('shows an option\'s detail after its label when it has one (a table and its comment)', () => {
    const tables = [{ name: 'cg_book', comment: '图书' }, { name: 'cg_note', comment: '' }];
    expect(flattenTree(tables, { labelKey: 'name', valueKey: 'name', detailKey: 'comment' }).map((o) => [o.value, o.label])).toEqual([
      ['cg_book', 'cg_book (图书)'], ['cg_note', 'cg_note'],
    ]);
  });

  it('gives a row no sub-rows for an empty children array', () => {
    expect(subRowsOf(menus[1])).toBeUndefined();
    expect(subRowsOf(menus[0])).toHaveLength(1);
  });
});
