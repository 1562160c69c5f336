import { describe, expect, it } from 'vitest';
import {
  checkedFromSaved,
  checkedLeaves,
  halfCheckedValues,
  toggleChecked,
  withHalfChecked,
  type CheckNode,
} from '../../../../src/client/components/checkbox-tree-state';

const keys = { labelKey: 'title', valueKey: 'value' };
const menus: CheckNode[] = [
  {
    title: 'desk', value: '1',
    children: [
      { title: 'notice', value: '2', children: [{ title: 'add', value: '3' }, { title: 'edit', value: '4' }] },
    ],
  },
  { title: 'system', value: '5', children: [{ title: 'user', value: '6' }, { title: 'role', value: '7' }] },
];

describe('checkbox tree state', () => {
  it('checks a node with its subtree', () => {
    expect(toggleChecked({ nodes: menus, keys, checked: [], value: '2' })).toEqual(['1', '2', '3', '4']);
  });

  it('unchecks the parents of an unchecked leaf', () => {
    expect(toggleChecked({ nodes: menus, keys, checked: ['1', '2', '3', '4'], value: '3' })).toEqual(['4']);
  });

  it('checks a parent once all its children are checked', () => {
    expect(toggleChecked({ nodes: menus, keys, checked: ['3'], value: '4' })).toEqual(['1', '2', '3', '4']);
  });

  it('leaves parents and children alone in a strict tree', () => {
    expect(toggleChecked({ nodes: menus, keys, checked: ['6'], value: '5', strict: true })).toEqual(['5', '6']);
    expect(toggleChecked({ nodes: menus, keys, checked: ['5', '6'], value: '6', strict: true })).toEqual(['5']);
  });

  it('marks the unchecked ancestors of a checked node half-checked', () => {
    expect(halfCheckedValues(menus, keys, ['3', '6'])).toEqual(['2', '1', '5']);
    expect(halfCheckedValues(menus, keys, ['1', '2', '3', '4'])).toEqual([]);
  });

  it('saves the checked nodes with their half-checked ancestors, or the checked leaves', () => {
    expect(withHalfChecked(menus, keys, ['3', '6'])).toEqual(['1', '2', '3', '5', '6']);
    expect(checkedLeaves(menus, keys, ['5', '6', '7', '3'])).toEqual(['3', '6', '7']);
  });

  it('restores saved keys from their leaves, so a half-checked parent does not check its subtree', () => {
    expect(checkedFromSaved(menus, keys, ['1', '2', '3', '5', '6'])).toEqual(['3', '6']);
    expect(checkedFromSaved(menus, keys, ['5', '6', '7'])).toEqual(['5', '6', '7']);
    expect(checkedFromSaved(menus, keys, ['99'])).toEqual([]);
  });
});
