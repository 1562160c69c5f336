import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrFetcher } from './api/swr-fetcher';
import { AppTheme } from './chrome/AppTheme';
import { Toaster } from './chrome/Toaster';
import { AppBoundary } from './routes/AppBoundary';
import { AppRoutes } from './routes/AppRoutes';

const swrOptions = { fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false };

/** Providers (theme, server data, router) around the route table, plus the toasts. */
export function App() {
  return (
    <AppTheme>
      <AppBoundary>
        <SWRConfig value={swrOptions}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SWRConfig>
      </AppBoundary>
      <Toaster />
    </AppTheme>
  );
}
