import useSWR from 'swr';
import Typography from '@mui/material/Typography';
import type { SideTree } from '../../../shared/schema/entity-model';
import { SelectableTree } from '../../components/SelectableTree';
import { useLang } from '../../i18n/use-lang';
import type { TreeRow } from '../data/tree';

export interface SideTreePanelProps {
  tree: SideTree;
  selected?: string;
  onSelect: (key: string | undefined) => void;
}

/** Ids of the side tree: `<param stem>_tree` (deptId → dept_tree), as Saber's avue-tree. */
export const sideTreeId = (tree: SideTree) => `${tree.param.replace(/Id$/, '')}_tree`;

/** `x-list.sideTree`: the tree beside the list (Saber's avue-tree, span 5); a pick filters the list. */
export function SideTreePanel({ tree, selected, onSelect }: SideTreePanelProps) {
  const lang = useLang();
  const { data } = useSWR<TreeRow[]>(tree.url);
  return (
    <>
      {tree.label && (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {tree.label[lang]}
        </Typography>
      )}
      <SelectableTree id={sideTreeId(tree)} nodes={data ?? []} selected={selected} onSelect={onSelect} />
    </>
  );
}
