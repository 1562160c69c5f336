import { describe, expect, it } from 'vitest';
import { isExtraShown, rowsByKeys } from '../../../../src/client/engine/extensions';
import type { ResourceRow } from '../../../../src/client/engine/data/resource-api';

describe('page extensions of ResourcePage', () => {
  it('shows a page button only when its permission code is granted and the page allows it', () => {
    expect(isExtraShown({ permission: 'user_role' }, { user_role: true })).toBe(true);
    expect(isExtraShown({ permission: 'user_role' }, { user_add: true })).toBe(false);
    expect(isExtraShown({}, {})).toBe(true);
    expect(isExtraShown({ visible: false }, {})).toBe(false);
    expect(isExtraShown({ permission: 'user_role', visible: false }, { user_role: true })).toBe(false);
  });

  it('finds the selected rows of a tree at any depth, in tree order', () => {
    const rows: ResourceRow[] = [
      { id: '1', children: [{ id: '2' }, { id: '3', children: [{ id: '4' }] }] },
      { id: '5' },
    ];
    const picked = rowsByKeys({ rows, selected: { '4': true, '1': true, '5': false }, keyOf: (r) => String(r.id) });
    expect(picked.map((r) => r.id)).toEqual(['1', '4']);
  });
});
