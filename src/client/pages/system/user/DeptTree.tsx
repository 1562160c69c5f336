import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { SelectableTree } from '../../../components/SelectableTree';
import type { TreeRow } from '../../../engine/data/tree';
import { DEPT_TREE_URL } from './user-api';

export interface DeptTreeProps {
  selected?: string;
  onSelect: (deptId: string | undefined) => void;
}

/** The department tree beside the user list (Saber: avue-tree, span 5); a pick filters the list by deptId. */
export function DeptTree({ selected, onSelect }: DeptTreeProps) {
  const { t } = useTranslation();
  const { data } = useSWR<TreeRow[]>(DEPT_TREE_URL);
  return (
    <>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('pages.user.deptTree')}
      </Typography>
      <SelectableTree id="dept_tree" nodes={data ?? []} selected={selected} onSelect={onSelect} />
    </>
  );
}
