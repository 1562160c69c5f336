import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRouteTitle } from '../routes/use-route-title';
import { closeOtherTags, closeTag, getTags, HOME_TAG, isClosable, resetTags, subscribeTags } from '../store/tags-store';

/** Tabs of the opened pages, with close others / close all. */
export function TagsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const tags = useSyncExternalStore(subscribeTags, getTags, getTags);
  const titleOf = useRouteTitle();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = `${pathname}${search}`;

  const close = (value: string) => {
    const next = closeTag(value);
    if (value === current) navigate(next.value);
  };
  const closeOthers = () => {
    setAnchor(null);
    closeOtherTags(current);
  };
  const closeAll = () => {
    setAnchor(null);
    resetTags();
    navigate(HOME_TAG.value);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 0.75, flex: 1, overflowX: 'auto', py: 0.25 }} data-testid="tags-bar">
        {tags.map((tag) => (
          <Chip
            key={tag.value}
            size="small"
            label={titleOf(tag.value) ?? tag.label}
            color={tag.value === current ? 'primary' : 'default'}
            variant={tag.value === current ? 'filled' : 'outlined'}
            onClick={() => navigate(tag.value)}
            onDelete={isClosable(tag) ? () => close(tag.value) : undefined}
            data-tag={tag.value}
          />
        ))}
      </Box>
      <Tooltip title={t('tagsView.menu')}>
        <IconButton size="small" aria-label={t('tagsView.menu')} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={closeOthers}>{t('tagsView.closeOthers')}</MenuItem>
        <MenuItem onClick={closeAll}>{t('tagsView.closeAll')}</MenuItem>
      </Menu>
    </Box>
  );
}
