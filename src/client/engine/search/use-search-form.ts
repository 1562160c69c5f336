import { useCallback, useState, type FormEvent } from 'react';
import type { SearchValues } from './search-params';

/**
 * The search bar's draft values: typing changes the draft; 搜索 (or Enter) applies it,
 * 清空 empties it and applies the empty search. Both go back to page 1 (the list does).
 */
export function useSearchForm(onSearch: (values: SearchValues) => void) {
  const [draft, setDraft] = useState<SearchValues>({});
  const setValue = useCallback((name: string, value: unknown) => setDraft((prev) => ({ ...prev, [name]: value })), []);
  const submit = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      onSearch(draft);
    },
    [draft, onSearch],
  );
  const reset = useCallback(() => {
    setDraft({});
    onSearch({});
  }, [onSearch]);
  return { draft, setValue, submit, reset };
}
