import { useEffect, useState } from 'react';
import { ensureMenu } from '../session/load-menu';
import { startTokenRefresh } from '../session/token-refresh';
import { useTrackTags } from './use-track-tags';

export interface LayoutState {
  isCollapsed: boolean;
  toggle(): void;
  expand(): void;
}

/** What the signed-in layout runs: menu load, token refresh timer, tab tracking, collapse state. */
export function useLayout(): LayoutState {
  const [isCollapsed, setCollapsed] = useState(false);
  useEffect(() => {
    // A failure is already toasted by the API client; the stored menu stays in place.
    ensureMenu().catch(() => undefined);
    return startTokenRefresh();
  }, []);
  useTrackTags();
  return { isCollapsed, toggle: () => setCollapsed((v) => !v), expand: () => setCollapsed(false) };
}
