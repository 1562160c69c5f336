/**
 * Which paths have a hand-written page inside the layout. The page registry
 * (`route-table.ts`, loaded by `AppRoutes` before any route renders) fills it, so the
 * chrome can ask without importing the pages.
 */
import { matchPath } from 'react-router-dom';
import { PARAM_PAGE_PATHS } from './paths';

const paths = new Set<string>();

export function registerLayoutPagePaths(list: Iterable<string>): void {
  for (const path of list) paths.add(path);
}

/** The registry key of the page at a path: the path itself, or the pattern with parameters it matches. */
export function layoutPathOf(pathname: string): string | undefined {
  if (paths.has(pathname)) return pathname;
  return PARAM_PAGE_PATHS.find((pattern) => matchPath(pattern, pathname));
}

export function isLayoutPage(pathname: string): boolean {
  return layoutPathOf(pathname) !== undefined;
}
