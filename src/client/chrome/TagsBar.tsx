import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteTitle } from '../routes/use-route-title';
import { isClosable, useTags } from '../store/tags-store';
import { ConfirmDialog } from './ConfirmDialog';
import { TagContextMenu, type TagContextMenuProps } from './TagContextMenu';
import { useTagActions } from './use-tag-actions';

/** Tabs of the opened pages (the first cannot be closed), with search, the 更多 menu and a right-click menu per tab. */
export function TagsBar({ onSearch }: { onSearch(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = useTags();
  const titleOf = useRouteTitle();
  const actions = useTagActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuTarget, setMenuTarget] = useState<TagContextMenuProps['target']>();
  const selected = tags.some((tag) => tag.value === actions.current) ? actions.current : false;
  const fromMenu = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <Box
      sx={(theme) => ({ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, minHeight: 40, background: theme.chrome.tags.background, color: theme.chrome.tags.color, borderBottom: 1, borderColor: 'divider' })}
    >
      <Tabs value={selected} variant="scrollable" scrollButtons="auto" sx={{ flex: 1, minHeight: 38 }} data-testid="tags-bar">
        {tags.map((tag) => (
          <Tab
            key={tag.value}
            value={tag.value}
            data-tag={tag.value}
            onClick={() => navigate(tag.value)}
            onContextMenu={(e) => {
              e.preventDefault();
              setMenuTarget({ value: tag.value, isClosable: isClosable(tag), x: e.clientX, y: e.clientY });
            }}
            sx={{ minHeight: 38, py: 0, px: 1.5, fontSize: 13, color: 'inherit' }}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                {titleOf(tag.value) ?? tag.label}
                {isClosable(tag) && (
                  <CloseIcon
                    data-close-tag={tag.value}
                    aria-label={t('tagsView.close')}
                    sx={{ fontSize: 14, borderRadius: '50%', '&:hover': { bgcolor: 'action.selected' } }}
                    onClick={(e) => {
                      e.stopPropagation();
                      actions.close(tag.value);
                    }}
                  />
                )}
              </Box>
            }
          />
        ))}
      </Tabs>
      <Tooltip title={t('tagsView.search')}>
        <IconButton id="tags_search" size="small" color="inherit" aria-label={t('tagsView.search')} onClick={onSearch}>
          <SearchIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Button id="tags_more" size="small" color="inherit" endIcon={<ExpandMoreIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('tagsView.menu')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem id="tags_menu_search" onClick={fromMenu(onSearch)}>{t('tagsView.search')}</MenuItem>
        <MenuItem id="tags_close_others" onClick={fromMenu(actions.closeOthers)}>{t('tagsView.closeOthers')}</MenuItem>
        <MenuItem id="tags_close_all" onClick={fromMenu(actions.closeAll)}>{t('tagsView.closeAll')}</MenuItem>
        <MenuItem id="tags_clear_cache" onClick={fromMenu(actions.askClearCache)}>{t('tagsView.clearCache')}</MenuItem>
      </Menu>
      <TagContextMenu
        target={menuTarget}
        onClose={() => setMenuTarget(undefined)}
        onSearch={onSearch}
        onCloseTag={actions.close}
        onCloseOthers={actions.closeOthersOf}
        onCloseAll={actions.closeAll}
        onClearCache={actions.askClearCache}
      />
      <ConfirmDialog {...actions.clearConfirm} />
    </Box>
  );
}
