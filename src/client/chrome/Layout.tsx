import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { isKeptAlive } from '../routes/paths';
import { useSession } from '../session/use-session';
import { usePrefs } from '../store/prefs-store';
import { Header } from './Header';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { SearchPanel } from './SearchPanel';
import { Sidebar } from './Sidebar';
import { TagsBar } from './TagsBar';
import { useLayout } from './use-layout';

/**
 * The signed-in frame: sidebar, header, tag bar and the routed page, with the search
 * panel over the page. The root carries `data-screen` (0–3) and `data-theme`. On phones
 * the open sidebar floats over a shade; a click on the shade collapses it.
 */
export function Layout() {
  const layout = useLayout();
  const { themeName } = usePrefs();
  const { menu } = useSession();
  const isOverlay = layout.screen === 0;
  const keptAlive = useCallback((pathname: string) => isKeptAlive(pathname, menu), [menu]);
  return (
    <Box data-testid="layout" data-screen={layout.screen} data-theme={themeName} sx={{ display: 'flex', height: '100vh', overflow: 'hidden', bgcolor: 'background.default' }}>
      <Sidebar isCollapsed={layout.isCollapsed} isOverlay={isOverlay} onExpand={layout.expand} onNavigate={isOverlay ? layout.collapse : () => undefined} />
      {isOverlay && !layout.isCollapsed && (
        <Box data-testid="layout-shade" onClick={layout.collapse} sx={(theme) => ({ position: 'fixed', inset: 0, bgcolor: 'rgba(0,0,0,0.3)', zIndex: theme.zIndex.drawer })} />
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header isCollapsed={layout.isCollapsed} screen={layout.screen} onToggle={layout.toggle} />
        <TagsBar onSearch={layout.openSearch} />
        <Box sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
          <Box data-testid="layout-content" sx={(theme) => ({ position: 'absolute', inset: 0, overflow: 'auto', p: 2, background: theme.chrome.backdrop })}>
            <KeepAliveOutlet isKeptAlive={keptAlive} />
          </Box>
          {layout.isSearchOpen && <SearchPanel onClose={layout.closeSearch} />}
        </Box>
      </Box>
    </Box>
  );
}
