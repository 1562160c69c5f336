import { useCallback, useEffect, useState } from 'react';
import { needsGuestRegistration } from '../session/guest';
import { ensureMenu } from '../session/load-menu';
import { getSession } from '../session/session-store';
import { startTokenRefresh } from '../session/token-refresh';
import type { ScreenClass } from './screen-class';
import { useScreen } from './use-screen';
import { useTrackTags } from './use-track-tags';

export interface LayoutState {
  screen: ScreenClass;
  isCollapsed: boolean;
  isSearchOpen: boolean;
  toggle(): void;
  expand(): void;
  collapse(): void;
  openSearch(): void;
  closeSearch(): void;
}

/** Below 992 px (screen classes 0 and 1) the sidebar starts collapsed, and collapses when the window narrows there: the list keeps its width. */
const collapsesOn = (screen: ScreenClass): boolean => screen < 2;

/**
 * What the signed-in layout runs: menu load, token refresh timer, tab tracking, screen
 * class, collapse state (collapsed from the start below 992 px) and the search panel.
 */
export function useLayout(): LayoutState {
  const screen = useScreen();
  const [isCollapsed, setCollapsed] = useState(() => collapsesOn(screen));
  const [isSearchOpen, setSearchOpen] = useState(false);
  useEffect(() => {
    // A failure is already toasted by the API client; the stored menu stays in place.
    // A guest (third-party visitor before registration) has no menu: its token opens registration only.
    if (!needsGuestRegistration(getSession().userInfo)) ensureMenu().catch(() => undefined);
    return startTokenRefresh();
  }, []);
  useEffect(() => {
    if (collapsesOn(screen)) setCollapsed(true);
  }, [screen]);
  useTrackTags();
  return {
    screen,
    isCollapsed,
    isSearchOpen,
    toggle: useCallback(() => setCollapsed((v) => !v), []),
    expand: useCallback(() => setCollapsed(false), []),
    collapse: useCallback(() => setCollapsed(true), []),
    openSearch: useCallback(() => setSearchOpen(true), []),
    closeSearch: useCallback(() => setSearchOpen(false), []),
  };
}
