import useSWRImmutable from 'swr/immutable';
import { request } from '../../api/http';

/** One dictionary entry as /blade-system/dict/dictionary answers it. */
export interface DictItem {
  dictKey: string;
  dictValue: string;
}

const DICTIONARY_URL = '/blade-system/dict/dictionary';

function fetchDictionary([, code]: readonly [string, string]): Promise<DictItem[]> {
  return request<DictItem[]>({ url: DICTIONARY_URL, params: { code } });
}

/**
 * Entries of a dictionary, loaded once per code for the whole page (SWR dedupes and
 * never revalidates). Undefined code: no request.
 *
 * @example const { items } = useDictionary(field.dict);
 */
export function useDictionary(code: string | undefined): { items: DictItem[]; isLoading: boolean } {
  const { data, isLoading } = useSWRImmutable(code ? (['engine:dict', code] as const) : null, fetchDictionary);
  return { items: data ?? [], isLoading };
}

/** The label of a dictionary key, comparing as strings (field values may be numbers). */
export function dictLabel(items: DictItem[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return items.find((item) => String(item.dictKey) === String(value))?.dictValue;
}
