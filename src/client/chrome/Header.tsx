import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ScreenClass } from './screen-class';
import { LanguageSwitch } from './LanguageSwitch';
import { TopButton } from './top/TopButton';
import { TopColor } from './top/TopColor';
import { TopFullscreen } from './top/TopFullscreen';
import { TopLock } from './top/TopLock';
import { TopLogs } from './top/TopLogs';
import { TopMenu } from './top/TopMenu';
import { TopNotice } from './top/TopNotice';
import { TopSearch } from './top/TopSearch';
import { TopTheme } from './top/TopTheme';
import { UserMenu } from './UserMenu';

export interface HeaderProps {
  isCollapsed: boolean;
  screen: ScreenClass;
  onToggle(): void;
}

/**
 * Top bar (Saber page/index/top), in Saber's order: collapse, top menu, menu search,
 * colour, bug log, lock, theme, notice, language, fullscreen, user. Small screens drop
 * the top menu, the search and the colour picker.
 */
export function Header({ isCollapsed, screen, onToggle }: HeaderProps) {
  const { t } = useTranslation();
  const isSmall = screen < 2;
  return (
    <Box
      component="header"
      data-testid="top-bar"
      sx={(theme) => ({
        height: 48,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        background: theme.chrome.header.background,
        color: theme.chrome.header.color,
        boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        zIndex: 2,
      })}
    >
      <TopButton id="top_collapse" label={t(isCollapsed ? 'navbar.expand' : 'navbar.collapse')} onClick={onToggle}>
        {isCollapsed ? <MenuIcon /> : <MenuOpenIcon />}
      </TopButton>
      {!isSmall && <TopMenu />}
      <Box sx={{ flex: 1 }} />
      {!isSmall && <TopSearch />}
      {!isSmall && <TopColor />}
      <TopLogs />
      <TopLock />
      <TopTheme />
      <TopNotice />
      <LanguageSwitch />
      {screen > 0 && <TopFullscreen />}
      <UserMenu isCompact={screen === 0} />
    </Box>
  );
}
