import { dictLabel, useDictionary } from '../data/use-dictionary';
import { splitValues } from '../data/values';

export interface DictCellProps {
  code: string;
  value: unknown;
  /** Shown while the dictionary loads or when the key is unknown (the row's `<field>Name`). */
  fallback?: string;
}

/** The dictionary label(s) of a cell value, comparing keys as strings. */
export function DictCell({ code, value, fallback }: DictCellProps) {
  const { items } = useDictionary(code);
  const keys = splitValues(value);
  const labels = keys.map((k) => dictLabel(items, k));
  if (labels.some((l) => l === undefined)) return <>{fallback ?? keys.join(',')}</>;
  return <>{labels.join(',')}</>;
}
