import { useMemo } from 'react';
import useSWRImmutable from 'swr/immutable';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { request } from '../../api/http';
import { dictLabel, type DictItem } from '../data/use-dictionary';
import type { ResourceRow } from '../data/resource-api';
import type { FormChangeHandler } from '../extensions';
import { fillOnChange } from './field-fills';

const DICTIONARY_URL = '/blade-system/dict/dictionary';

async function fetchDictionaries([, joined]: readonly [string, string]): Promise<Record<string, DictItem[]>> {
  const codes = joined.split(',');
  const lists = await Promise.all(codes.map((code) => request<DictItem[]>({ url: DICTIONARY_URL, params: { code } })));
  return Object.fromEntries(codes.map((code, i) => [code, lists[i] ?? []]));
}

/**
 * The form hook of the model's `x-fill` fields, `{label}` read from their dictionaries and
 * `{opener.<field>}` from the row the list was opened from; undefined when no field fills.
 */
export function useFieldFills(model: EntityModel, opener: ResourceRow | undefined): FormChangeHandler | undefined {
  const codes = [...new Set(model.fields.filter((f) => f.fill && f.dict).map((f) => f.dict!))].sort().join(',');
  const { data } = useSWRImmutable(codes ? (['engine:fill-dicts', codes] as const) : null, fetchDictionaries);
  return useMemo(
    () => fillOnChange({ fields: model.fields, opener, labelOf: (field, value) => (field.dict ? dictLabel(data?.[field.dict] ?? [], value) : undefined) }),
    [model.fields, opener, data],
  );
}
