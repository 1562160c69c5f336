import { describe, expect, it } from 'vitest';
import { optionRequest } from '../../../../src/client/engine/data/option-request';

const tables = { url: '/blade-develop/model/table-list', labelKey: 'name', valueKey: 'name', multiple: false, params: { datasourceId: 'datasourceId' } };

describe('the options URL of a field whose options depend on other fields (x-options.params)', () => {
  it('carries each parameter from the form\'s current value of its field', () => {
    expect(optionRequest(tables, { datasourceId: '1123598812738675201', modelName: 'x' })).toEqual({ url: '/blade-develop/model/table-list?datasourceId=1123598812738675201' });
    expect(optionRequest({ ...tables, url: '/t?kind=a b', params: { id: 'sourceId' } }, { sourceId: 'a&b' })).toEqual({ url: '/t?kind=a b&id=a%26b' });
  });

  it('asks nothing while a field it depends on is empty, naming that field', () => {
    for (const data of [{}, { datasourceId: '' }, { datasourceId: null }]) expect(optionRequest(tables, data)).toEqual({ waitingFor: 'datasourceId' });
  });

  it('keeps the plain URL of options without parameters, and nothing for a field without options', () => {
    expect(optionRequest({ ...tables, params: undefined }, {})).toEqual({ url: '/blade-develop/model/table-list' });
    expect(optionRequest(undefined, {})).toEqual({});
  });
});
