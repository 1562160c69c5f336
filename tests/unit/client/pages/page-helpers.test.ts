import { describe, expect, it } from 'vitest';
import { hasRole } from '../../../../src/client/pages/shared/role-name';
import { joinIds, selectionProblem } from '../../../../src/client/pages/shared/selection';
import { fileNameOf } from '../../../../src/client/api/download';

describe('toolbar selections', () => {
  it('asks for at least one row, or exactly one', () => {
    expect(selectionProblem(0, 'at-least-one')).toBe('selectAtLeastOne');
    expect(selectionProblem(3, 'at-least-one')).toBeUndefined();
    expect(selectionProblem(0, 'exactly-one')).toBe('selectAtLeastOne');
    expect(selectionProblem(2, 'exactly-one')).toBe('selectOnlyOne');
    expect(selectionProblem(1, 'exactly-one')).toBeUndefined();
  });

  it('joins row ids with commas, skipping rows without one', () => {
    expect(joinIds([{ id: '1' }, { id: 2 }, {}])).toBe('1,2');
  });

  it('tests role names as Saber does: administrator passes a test for admin', () => {
    expect(hasRole('administrator', 'admin')).toBe(true);
    expect(hasRole('admin,user', 'administrator')).toBe(false);
    expect(hasRole(undefined, 'admin')).toBe(false);
  });
});

describe('downloads', () => {
  it('names a download from Content-Disposition, UTF-8 form first', () => {
    expect(fileNameOf("attachment; filename=\"x.xlsx\"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(fileNameOf('attachment; filename="users.xlsx"')).toBe('users.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
