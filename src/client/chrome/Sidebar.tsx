import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../routes/use-route-title';
import { SidebarItem } from './SidebarItem';
import { useSidebar } from './use-sidebar';

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export interface SidebarProps {
  isCollapsed: boolean;
  onExpand(): void;
}

/** Left menu built from the server's route tree; collapses to icons. */
export function Sidebar({ isCollapsed, onExpand }: SidebarProps) {
  const { t } = useTranslation();
  const state = useSidebar();
  const titleOf = useRouteTitle();
  const width = isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      variant="permanent"
      component="nav"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          bgcolor: '#20222a',
          color: 'rgba(255,255,255,0.8)',
          transition: (theme) => theme.transitions.create('width'),
        },
        '& .MuiListItemButton-root:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
        '& .MuiListItemButton-root.Mui-selected, & .MuiListItemButton-root.Mui-selected:hover': { color: '#fff', bgcolor: 'primary.main' },
      }}
    >
      <Toolbar variant="dense" />
      <List disablePadding data-testid="sidebar-menu">
        {state.menu.map((node) => (
          <SidebarItem key={node.id} node={node} depth={0} isCollapsed={isCollapsed} state={state} titleOf={titleOf} onExpand={onExpand} />
        ))}
      </List>
      {state.menu.length === 0 && !isCollapsed && (
        <Typography variant="body2" sx={{ p: 2, opacity: 0.6 }}>
          {t('menuTip')}
        </Typography>
      )}
    </Drawer>
  );
}
