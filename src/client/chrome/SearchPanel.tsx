import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../session/session-types';
import { SourceIcon } from '../icons/SourceIcon';
import { menuLeaves, searchMenus } from './menu-search';
import { useMenu } from './use-menu';

/** The in-layout menu search (Saber page/index/search.vue): a panel over the main view; Esc closes it. */
export function SearchPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { menu, labelOf, open } = useMenu();
  const [query, setQuery] = useState('');
  const entries = useMemo(() => searchMenus(menuLeaves(menu, labelOf), query), [menu, labelOf, query]);
  const choose = (node: MenuNode) => {
    onClose();
    open(node);
  };
  return (
    <Box
      id="search_panel"
      role="dialog"
      aria-label={t('tagsView.search')}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      sx={{ position: 'absolute', inset: 0, zIndex: 10, bgcolor: 'background.paper', display: 'flex', flexDirection: 'column', alignItems: 'center', p: 3, overflow: 'auto' }}
    >
      <IconButton id="search_panel_close" aria-label={t('tagsView.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CloseIcon />
      </IconButton>
      <TextField
        id="search_panel_input"
        autoFocus
        fullWidth
        value={query}
        placeholder={t('search')}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && entries[0] && choose(entries[0].node)}
        sx={{ maxWidth: 640, mt: 4 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      <List sx={{ width: '100%', maxWidth: 640, mt: 2 }} data-testid="search-panel-results">
        {entries.map(({ node, label }) => (
          <ListItemButton key={node.id} onClick={() => choose(node)} data-menu-path={node.path}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <SourceIcon source={node.source} />
            </ListItemIcon>
            <ListItemText primary={label} secondary={node.path} />
          </ListItemButton>
        ))}
      </List>
      {entries.length === 0 && <Typography color="text.secondary">{t('menuTip')}</Typography>}
    </Box>
  );
}
