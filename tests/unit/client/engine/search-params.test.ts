import { describe, expect, it } from 'vitest';
import type { SearchKey } from '../../../../src/shared/schema/entity-model';
import { pageParams, rangeParams, searchParams, searchParamNames, sortParams } from '../../../../src/client/engine/search/search-params';

const keys: SearchKey[] = [
  { field: 'paramName', op: 'like', range: false },
  { field: 'createTime', op: 'equal', range: true },
];

describe('search parameters', () => {
  it('names a range key createTime_dategt / createTime_datelt', () => {
    expect(rangeParams('createTime')).toEqual(['createTime_dategt', 'createTime_datelt']);
    expect(searchParamNames(keys)).toEqual(['paramName', 'createTime_dategt', 'createTime_datelt']);
  });

  it('sends the filled keys only, trimmed, and nothing the view does not declare', () => {
    const params = searchParams(keys, {
      paramName: '  tenant ',
      createTime_dategt: '2024-01-01 00:00:00',
      createTime_datelt: '',
      paramKey: 'not declared',
    });
    expect(params).toEqual({ paramName: 'tenant', createTime_dategt: '2024-01-01 00:00:00' });
  });

  it('drops a value of blanks and keeps 0', () => {
    expect(searchParams([{ field: 'isSealed', op: 'equal', range: false }], { isSealed: 0 })).toEqual({ isSealed: 0 });
    expect(searchParams(keys, { paramName: '   ' })).toEqual({});
  });

  it('turns table sorting into ascs / descs comma lists', () => {
    expect(sortParams([])).toEqual({});
    expect(sortParams([{ id: 'sort', desc: false }, { id: 'createTime', desc: true }, { id: 'code', desc: false }])).toEqual({
      ascs: 'sort,code',
      descs: 'createTime',
    });
  });

  it('sends the one-based page', () => {
    expect(pageParams({ pageIndex: 0, pageSize: 10 })).toEqual({ current: 1, size: 10 });
    expect(pageParams({ pageIndex: 2, pageSize: 30 })).toEqual({ current: 3, size: 30 });
  });
});
