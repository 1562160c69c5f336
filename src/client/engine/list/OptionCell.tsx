import type { FieldOptions } from '../../../shared/schema/entity-model';
import { labelMap } from '../data/tree';
import { useOptionTree } from '../data/use-option-tree';
import { splitValues } from '../data/values';

export interface OptionCellProps {
  options: FieldOptions;
  value: unknown;
  fallback?: string;
}

/** The option titles of a tree-select or select value (several joined by ', '). */
export function OptionCell({ options, value, fallback }: OptionCellProps) {
  const { nodes } = useOptionTree(options.url);
  const labels = labelMap(nodes, options);
  const keys = splitValues(value, options);
  if (keys.length === 0) return null;
  if (nodes.length === 0 && fallback) return <>{fallback}</>;
  return <>{keys.map((k) => labels.get(k) ?? k).join(', ')}</>;
}
