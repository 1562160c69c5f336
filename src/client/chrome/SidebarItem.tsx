import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { hasChildren } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { SourceIcon } from '../icons/SourceIcon';
import type { SidebarState } from './use-sidebar';

export interface SidebarItemProps {
  node: MenuNode;
  depth: number;
  isCollapsed: boolean;
  state: SidebarState;
  /** Collapsed sidebar: a group click opens the sidebar first. */
  onExpand(): void;
}

const itemSx = (depth: number, isCollapsed: boolean) => (theme: Theme) => {
  const look = theme.chrome.sidebar;
  return {
    pl: isCollapsed ? 2.5 : 2 + depth * 2,
    minHeight: 44,
    color: look.color,
    borderLeft: '3px solid transparent',
    '&:hover': { background: look.hover },
    '&.Mui-selected, &.Mui-selected:hover': { background: look.active, color: look.activeColor, borderLeftColor: look.activeBar ?? 'transparent' },
  };
};

/** One menu item (an <li>); a group renders its children below it, inside the item, when open. */
export function SidebarItem({ node, depth, isCollapsed, state, onExpand }: SidebarItemProps) {
  const isGroup = hasChildren(node);
  const isOpen = state.openIds.has(node.id);
  const label = state.labelOf(node);
  const click = () => {
    if (!isGroup) return state.open(node);
    if (isCollapsed) {
      onExpand();
      if (!isOpen) state.toggle(node.id);
      return;
    }
    state.toggle(node.id);
  };
  const button = (
    <ListItemButton selected={!isGroup && node.path === state.currentPath} onClick={click} sx={itemSx(depth, isCollapsed)} data-menu-path={node.path}>
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
        <SourceIcon source={node.source} />
      </ListItemIcon>
      {!isCollapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />}
      {!isCollapsed && isGroup && (isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {isCollapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {isGroup && !isCollapsed && (
        <Collapse in={isOpen} timeout="auto" unmountOnExit>
          <List disablePadding>
            {(node.children ?? []).map((child) => (
              <SidebarItem key={child.id} {...{ node: child, depth: depth + 1, isCollapsed, state, onExpand }} />
            ))}
          </List>
        </Collapse>
      )}
    </ListItem>
  );
}
