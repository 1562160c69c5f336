import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Lang, ListView } from '../../../shared/schema/entity-model';
import type { EngineMessageKey } from '../engine-messages';
import type { ResourceRow } from '../data/resource-api';
import type { ResourceListController } from './use-resource-list';

export interface RowActionsProps {
  view: ListView;
  row: ResourceRow;
  list: ResourceListController;
  /** The engine's texts and language, from the table (not a hook per row). */
  t: (key: EngineMessageKey) => string;
  lang: Lang;
}

/**
 * A row's buttons: 查看, 编辑, 删除 (each when permitted), 新增子项 in tree lists, the
 * child list's button (字典配置) when the view has one, then a page's own buttons. Each
 * is a text button whose name is its label; `data-action` names the action for tests.
 */
export function RowActions({ view, row, list, t, lang }: RowActionsProps) {
  const { permissions, actions } = list;
  const isTree = view.mode !== 'page';
  const locked = list.isLocked(row);
  return (
    <Stack direction="row" sx={{ flexWrap: 'nowrap', '& .MuiButton-root': { minWidth: 0, px: 0.75, whiteSpace: 'nowrap' }, '& .MuiButton-startIcon': { mr: 0.25 } }}>
      {permissions.canView && (
        <Button size="small" data-action="view" startIcon={<VisibilityOutlinedIcon />} onClick={() => actions.view(row)}>
          {t('view')}
        </Button>
      )}
      {permissions.canEdit && (
        <Button size="small" data-action="edit" disabled={locked} startIcon={<EditOutlinedIcon />} onClick={() => actions.edit(row)}>
          {t('edit')}
        </Button>
      )}
      {permissions.canDelete && (
        <Button size="small" data-action="delete" disabled={locked} startIcon={<DeleteOutlineIcon />} onClick={() => actions.remove(row)}>
          {t('delete')}
        </Button>
      )}
      {isTree && permissions.canAdd && (
        <Button size="small" data-action="add-child" startIcon={<AddIcon />} onClick={() => actions.addChild(row)}>
          {t('addChild')}
        </Button>
      )}
      {view.children && (
        <Button size="small" data-action="children" startIcon={<SettingsOutlinedIcon />} onClick={() => actions.openChildren(row)}>
          {view.children.title?.[lang] ?? t('configure')}
        </Button>
      )}
      {list.extras.row
        .filter((extra) => extra.isShownFor?.(row) ?? true)
        .map((extra) => (
          <Button key={extra.key} size="small" data-action={extra.key} startIcon={extra.icon} onClick={() => extra.onClick({ row, reload: list.reload })}>
            {extra.label}
          </Button>
        ))}
    </Stack>
  );
}
