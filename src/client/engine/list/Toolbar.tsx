import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useEngineText } from '../common/use-engine-text';
import type { ToolbarExtra } from '../extensions';
import type { ListPermissions } from './permissions';

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
  jobs?: ReactNode;
}

/**
 * Above the table: 新增 (id `toolbar_add`) and 删 除 (id `toolbar_delete`), each only when
 * permitted, then the page's own buttons (id `toolbar_<key>`).
 */
export function Toolbar({ permissions, scope, onAdd, onDeleteSelected, extras = [], onExtra, jobs }: ToolbarProps) {
  const { t } = useEngineText();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {permissions.canAdd && (
        <Button id={`${scope}toolbar_add`} variant="contained" size="small" startIcon={<AddIcon />} onClick={onAdd}>
          {t('add')}
        </Button>
      )}
      {permissions.canDelete && (
        <Button
          id={`${scope}toolbar_delete`}
          variant="outlined"
          color="error"
          size="small"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDeleteSelected}
        >
          {t('batchDelete')}
        </Button>
      )}
      {extras.map((extra) => (
        <Button
          key={extra.key}
          id={`${scope}toolbar_${extra.key}`}
          variant="outlined"
          color={extra.color ?? 'primary'}
          size="small"
          startIcon={extra.icon}
          onClick={() => onExtra?.(extra)}
        >
          {extra.label}
        </Button>
      ))}
      {jobs}
    </Stack>
  );
}
