import { dictLabel, useDictionary } from '../data/use-dictionary';
import { splitValues } from '../data/values';

export interface DictCellProps {
  code: string;
  value: unknown;
  /** Shown while the dictionary loads (the row's `<field>Name`); unknown keys show as they are. */
  fallback?: string;
}

/** The dictionary label(s) of a cell value, comparing keys as strings. */
export function DictCell({ code, value, fallback }: DictCellProps) {
  const { items } = useDictionary(code);
  const keys = splitValues(value);
  const labels = keys.map((k) => dictLabel(items, k));
  if (labels.every((l) => l !== undefined)) return <>{labels.join(',')}</>;
  if (items.length === 0 && fallback) return <>{fallback}</>;
  return <>{labels.map((l, i) => l ?? keys[i]).join(',')}</>;
}
