import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useEngineText } from '../common/use-engine-text';
import type { ToolbarExtra } from '../extensions';
import { ListJobs, type ListJobsProps } from '../jobs/ListJobs';
import { FoldingToolbar } from './FoldingToolbar';
import type { ListPermissions } from './permissions';
import type { ToolbarItem } from './toolbar-item';

export interface ToolbarProps {
  permissions: ListPermissions;
  /** Prefix of the ids ('' on the main list, 'child_' in a child list). */
  scope: string;
  onAdd: () => void;
  onDeleteSelected: () => void;
  /** A page's buttons, already filtered by permission. */
  extras?: ToolbarExtra[];
  onExtra?: (extra: ToolbarExtra) => void;
  /** Export / import jobs of the list (engine/jobs), when its model offers them. */
  jobs?: Omit<ListJobsProps, 'children'>;
}

/**
 * Above the table: 新增 (id `toolbar_add`) and 删 除 (id `toolbar_delete`), each only when
 * permitted, then the page's own buttons (id `toolbar_<key>`), then the list's jobs; on one
 * line, what does not fit in the 更多 menu (FoldingToolbar).
 */
export function Toolbar({ permissions, scope, onAdd, onDeleteSelected, extras = [], onExtra, jobs }: ToolbarProps) {
  const { t } = useEngineText();
  const items: ToolbarItem[] = [
    ...(permissions.canAdd ? [{ key: 'add', id: `${scope}toolbar_add`, label: t('add'), icon: <AddIcon />, variant: 'contained' as const, onClick: onAdd }] : []),
    ...(permissions.canDelete
      ? [{ key: 'delete', id: `${scope}toolbar_delete`, label: t('batchDelete'), icon: <DeleteOutlineIcon />, color: 'error' as const, onClick: onDeleteSelected }]
      : []),
    ...extras.map((extra) => ({
      key: extra.key, id: `${scope}toolbar_${extra.key}`, label: extra.label, icon: extra.icon, color: extra.color, onClick: () => onExtra?.(extra),
    })),
  ];
  if (!jobs) return <FoldingToolbar items={items} scope={scope} />;
  return <ListJobs {...jobs}>{(jobItems) => <FoldingToolbar items={[...items, ...jobItems]} scope={scope} />}</ListJobs>;
}
