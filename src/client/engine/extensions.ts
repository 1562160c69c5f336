/**
 * Extension slots of ResourcePage: what a hand-written page may add around the generic
 * screen without the engine knowing the entity (toolbar and row buttons, a panel beside
 * the list, fixed query parameters and values, a hook on form changes).
 */
import type { ReactNode } from 'react';
import type { FormMode } from '../../shared/schema/entity-model';
import type { ResourceRow } from './data/resource-api';

/** When a page's button is shown: its permission code is granted (if it has one) and `visible` is not false. */
export interface ExtraGate {
  /** Button permission code (`user_role`); the button is hidden when the user lacks it. */
  permission?: string;
  /** A further condition decided by the page (Saber's role checks); default true. */
  visible?: boolean;
}

/** What a toolbar button is given when clicked. */
export interface ToolbarExtraContext {
  /** The selected rows (of the page on screen; in trees, at any depth). */
  selected: ResourceRow[];
  /** The list request's parameters now: fixed parameters, applied search, page and sort. */
  params: Record<string, unknown>;
  /** Re-fetches the list (and the loaded levels of a lazy tree). */
  reload: () => void;
}

/** A page's button after 新增 / 删 除. Its id is `<scope>toolbar_<key>`. */
export interface ToolbarExtra extends ExtraGate {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';
  onClick: (context: ToolbarExtraContext) => void;
}

/** A page's button in each row, after the engine's; `data-action` is its key. */
export interface RowExtra extends ExtraGate {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Whether this row shows the button (e.g. menus but not buttons); default every row. */
  isShownFor?: (row: ResourceRow) => boolean;
  onClick: (context: { row: ResourceRow; reload: () => void }) => void;
}

/** Rewrites the form's data after a change (fill fields from a pick); must be pure. */
export type FormChangeHandler = (input: {
  mode: FormMode;
  previous: Record<string, unknown>;
  next: Record<string, unknown>;
}) => Record<string, unknown>;

/** The optional props a page passes to ResourcePage to extend it. */
export interface ResourcePageExtensions {
  toolbarExtras?: ToolbarExtra[];
  rowExtras?: RowExtra[];
  /** A panel left of the list (a tree filter). */
  aside?: ReactNode;
  /** Query parameters sent with every list request (`{deptId}`); a change goes back to page 1. */
  fixedParams?: Record<string, unknown>;
  /** Values every record of this list has (`{menuId}`): preset on add, sent on save, not shown in the form. */
  fixedValues?: Record<string, unknown>;
  onFormChange?: FormChangeHandler;
  /** Prefix of the ids inside, when the list is not the page's main one (`scope_`). */
  scope?: string;
  /**
   * The list's 导出 job button. false: left out (任务 stays); true: shown even where the model's
   * list is no page the engine exports (the server's module exports it: the regions' lazy tree).
   * Absent: shown when the model's list is exportable.
   */
  jobExport?: boolean;
  /** A question 导出 asks before its job starts (a screen whose spec confirms first: 是否导出用户数据?). */
  exportConfirm?: string;
  /** 任务 also on a list whose model has no export or import of the engine's: the page starts jobs of its own (the region import). */
  showJobs?: boolean;
}

/** Whether a page's button is shown to a user with these permission flags. */
export function isExtraShown(extra: ExtraGate, flags: Record<string, boolean>): boolean {
  if (extra.visible === false) return false;
  return extra.permission === undefined || flags[extra.permission] === true;
}

/** The rows of a (tree) list whose keys are selected, depth first. */
export function rowsByKeys(input: {
  rows: ResourceRow[];
  selected: Record<string, boolean>;
  keyOf: (row: ResourceRow) => string;
}): ResourceRow[] {
  const { selected, keyOf } = input;
  const out: ResourceRow[] = [];
  const visit = (rows: ResourceRow[] | undefined) => {
    for (const row of rows ?? []) {
      if (selected[keyOf(row)]) out.push(row);
      visit(row.children);
    }
  };
  visit(input.rows);
  return out;
}
