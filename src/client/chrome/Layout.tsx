import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageBoundary } from '../routes/PageBoundary';
import { PageLoading } from '../routes/PageLoading';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { TagsBar } from './TagsBar';
import { useLayout } from './use-layout';

/** The signed-in frame: header, sidebar menu, tag bar and the routed page. */
export function Layout() {
  const { isCollapsed, toggle, expand } = useLayout();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <Header isCollapsed={isCollapsed} onToggle={toggle} />
      <Sidebar isCollapsed={isCollapsed} onExpand={expand} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar variant="dense" />
        <TagsBar />
        <Box sx={{ flex: 1, overflow: 'auto', p: 2, bgcolor: 'grey.100' }}>
          <PageBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageBoundary>
        </Box>
      </Box>
    </Box>
  );
}
