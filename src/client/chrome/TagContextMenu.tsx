import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

export interface TagContextMenuProps {
  /** The right-clicked tab and where the pointer was; undefined when closed. */
  target?: { value: string; isClosable: boolean; x: number; y: number };
  onClose(): void;
  onSearch(): void;
  onCloseTag(value: string): void;
  onCloseOthers(value: string): void;
  onCloseAll(): void;
  onClearCache(): void;
}

/**
 * Saber's right-click menu on a tab: close it, close the others (keeping the first tab
 * and this one, which is then shown), close all, search, clear cache. Ids `tag_menu_*`.
 */
export function TagContextMenu({ target, onClose, ...actions }: TagContextMenuProps) {
  const { t } = useTranslation();
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const value = target?.value ?? '';
  return (
    <Menu
      open={Boolean(target)}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.y, left: target.x } : undefined}
      slotProps={{ root: { onContextMenu: (e: React.MouseEvent) => { e.preventDefault(); onClose(); } } }}
    >
      <MenuItem id="tag_menu_close" disabled={!target?.isClosable} onClick={run(() => actions.onCloseTag(value))}>{t('tagsView.closeCurrent')}</MenuItem>
      <MenuItem id="tag_menu_close_others" onClick={run(() => actions.onCloseOthers(value))}>{t('tagsView.closeOthers')}</MenuItem>
      <MenuItem id="tag_menu_close_all" onClick={run(actions.onCloseAll)}>{t('tagsView.closeAll')}</MenuItem>
      <MenuItem id="tag_menu_search" onClick={run(actions.onSearch)}>{t('tagsView.search')}</MenuItem>
      <MenuItem id="tag_menu_clear_cache" onClick={run(actions.onClearCache)}>{t('tagsView.clearCache')}</MenuItem>
    </Menu>
  );
}
