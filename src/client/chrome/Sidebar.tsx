import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../site-config';
import { Logo } from './Logo';
import { SidebarItem } from './SidebarItem';
import { useSidebar } from './use-sidebar';

export const SIDEBAR_WIDTH = siteConfig.menuWidth;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export interface SidebarProps {
  isCollapsed: boolean;
  /** Small screens: the open sidebar floats over the page (a shade covers the rest) and hides when collapsed. */
  isOverlay: boolean;
  onExpand(): void;
  /** Called after an item opens a page (small screens collapse the sidebar again). */
  onNavigate(): void;
}

/** Left menu built from the server's route tree, with the logo on top; collapses to icons. */
export function Sidebar({ isCollapsed, isOverlay, onExpand, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const state = useSidebar();
  const width = isCollapsed ? (isOverlay ? 0 : SIDEBAR_COLLAPSED_WIDTH) : SIDEBAR_WIDTH;
  const open = (node: Parameters<typeof state.open>[0]) => {
    state.open(node);
    onNavigate();
  };
  return (
    <Box
      component="nav"
      data-testid="sidebar"
      data-collapsed={isCollapsed}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        background: theme.chrome.sidebar.background,
        color: theme.chrome.sidebar.color,
        transition: theme.transitions.create('width'),
        boxShadow: theme.chrome.sidebar.background === theme.chrome.header.background ? 'none' : '2px 0 6px rgba(0,21,41,0.12)',
        ...(isOverlay && { position: 'fixed', left: 0, top: 0, bottom: 0, zIndex: theme.zIndex.drawer + 1 }),
      })}
    >
      <Logo isCollapsed={isCollapsed} />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <List disablePadding data-testid="sidebar-menu">
          {state.menu.map((node) => (
            <SidebarItem key={node.id} node={node} depth={0} isCollapsed={isCollapsed} state={{ ...state, open }} onExpand={onExpand} />
          ))}
        </List>
        {state.menu.length === 0 && !isCollapsed && (
          <Typography variant="body2" sx={{ p: 2, opacity: 0.6 }}>
            {t('menuTip')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
