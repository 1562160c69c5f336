import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import type { ResourceRow } from '../../engine/data/resource-api';
import { selectionProblem, type SelectionRule } from './selection';

/**
 * Checks a toolbar action's selection, Saber style: nothing selected → 请选择至少一条数据,
 * several where one is needed → 只能选择一条数据 (a warning toast). Answers whether it fits.
 */
export function useSelectionGuard() {
  const { t } = useTranslation();
  return useCallback(
    (rows: ResourceRow[], rule: SelectionRule): boolean => {
      const problem = selectionProblem(rows.length, rule);
      if (problem) toast.warning(t(`pages.common.${problem}`));
      return problem === undefined;
    },
    [t],
  );
}
