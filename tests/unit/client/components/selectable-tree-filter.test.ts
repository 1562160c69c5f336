import { describe, expect, it } from 'vitest';
import { filterTree } from '../../../../src/client/components/selectable-tree-filter';

const keys = { labelKey: 'title', valueKey: 'value' };
const depts = [
  { title: '刀锋科技', value: '1', children: [{ title: '常州刀锋', value: '2' }, { title: '江苏分公司', value: '3', children: [{ title: '研发部', value: '4' }] }] },
];

describe('selectable tree filter', () => {
  it('keeps matching nodes with their ancestors', () => {
    const shown = filterTree(depts, keys, '研发');
    expect(shown[0].value).toBe('1');
    expect(shown[0].children?.map((c) => c.value)).toEqual(['3']);
    expect(shown[0].children?.[0].children?.map((c) => c.value)).toEqual(['4']);
  });

  it('keeps a matching node whole, and everything for an empty filter', () => {
    expect(filterTree(depts, keys, '江苏')[0].children?.[0].children).toHaveLength(1);
    expect(filterTree(depts, keys, '  ')).toBe(depts);
    expect(filterTree(depts, keys, 'none')).toEqual([]);
  });
});
