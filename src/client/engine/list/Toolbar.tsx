import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useEngineText } from '../common/use-engine-text';
import type { ListPermissions } from './permissions';

export interface ToolbarProps {
  permissions: ListPermissions;
  /** Prefix of the ids ('' on the main list, 'child_' in a child list). */
  scope: string;
  onAdd: () => void;
  onDeleteSelected: () => void;
}

/** Above the table: 新增 (id `toolbar_add`) and 删 除 (id `toolbar_delete`), each only when permitted. */
export function Toolbar({ permissions, scope, onAdd, onDeleteSelected }: ToolbarProps) {
  const { t } = useEngineText();
  return (
    <Stack direction="row" spacing={1}>
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
    </Stack>
  );
}
