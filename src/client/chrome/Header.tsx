import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../site-config';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

export interface HeaderProps {
  isCollapsed: boolean;
  onToggle(): void;
}

/** Top bar: collapse toggle, product title, language, user menu. */
export function Header({ isCollapsed, onToggle }: HeaderProps) {
  const { t } = useTranslation();
  const toggleLabel = t(isCollapsed ? 'navbar.expand' : 'navbar.collapse');
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Tooltip title={toggleLabel}>
          <IconButton color="inherit" edge="start" aria-label={toggleLabel} onClick={onToggle}>
            {isCollapsed ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        </Tooltip>
        <Box
          sx={{ width: 28, height: 28, borderRadius: 1, bgcolor: 'common.white', color: 'primary.main', display: 'grid', placeItems: 'center', fontWeight: 700 }}
        >
          {siteConfig.logo}
        </Box>
        <Typography variant="h6" component="div" noWrap sx={{ fontSize: 18 }}>
          {siteConfig.title}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
