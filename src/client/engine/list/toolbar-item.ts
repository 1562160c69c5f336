import type { ReactNode } from 'react';

/**
 * A button of a list's toolbar, drawn as a button while it fits and as an item of the
 * 更多 menu once it does not (FoldingToolbar). Only permitted buttons become items.
 */
export interface ToolbarItem {
  key: string;
  /** The button's id (`toolbar_add`); its menu item carries `data-toolbar-item` = key. */
  id: string;
  label: string;
  icon?: ReactNode;
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';
  /** A dot on the button (a job still running). */
  dot?: boolean;
  onClick: () => void;
}
