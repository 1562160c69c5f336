import { useMemo } from 'react';
import { useDictionary } from '../../../engine/data/use-dictionary';

/** Dictionary `flow`: process types (请假流程 …) whose remark is the route segment of their forms. */
export const FLOW_DICT = 'flow';

/** A category as the server stores it: `flow_<dictKey>`. */
export function categoryOf(dictKey: string): string {
  return `flow_${dictKey}`;
}

export interface FlowDict {
  items: { dictKey: string; dictValue: string }[];
  /** 请假流程 for `flow_1` (or `1`); the value itself when unknown. */
  labelOf: (category: unknown) => string;
  /** Route segment (`leave`) of a category (`flow_1`), Saber's flowRoutes; undefined when none. */
  routeOf: (category: unknown) => string | undefined;
}

/** Saber's flowRoutes, built from `dict/dictionary?code=flow`: routeKey `flow_<key>` → remark. */
export function useFlowDict(): FlowDict {
  const { items } = useDictionary(FLOW_DICT);
  return useMemo(() => {
    const find = (category: unknown) => {
      const text = String(category ?? '');
      return items.find((item) => categoryOf(item.dictKey) === text || item.dictKey === text);
    };
    return {
      items,
      labelOf: (category) => find(category)?.dictValue ?? String(category ?? ''),
      routeOf: (category) => {
        const remark = (find(category) as { remark?: string } | undefined)?.remark;
        return remark ? remark : undefined;
      },
    };
  }, [items]);
}
