import { lazyPage } from '../ui/lazy-page';

/** The 403/404/500 page, on demand; the guards and boundaries show it without importing the page registry. */
export const ErrorPage = lazyPage(() => import('../pages/error/ErrorPage').then((m) => m.ErrorPage));
