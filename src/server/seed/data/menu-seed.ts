/**
 * A menu row seeded by code when no menu has that code yet. Entity screens' menus come
 * from each schema's `x-menu`; this list holds the group rows above them and the menus
 * of hand-written screens that have no schema (the workflow's).
 */
export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  /** Icon class, with the `iconfont ` prefix. */
  source: string;
  sort: number;
  /** Code of the parent menu; absent at the root. */
  parent?: string;
  /** 1 (default) opens in the layout, 2 in a new window (dict `yes_no`). */
  isOpen?: number;
  /** Buttons of a hand-written screen (no schema): code `<menu code>_<action>`. */
  buttons?: { action: string; name: string; source: string; func: number }[];
  /** Granted with its buttons to the seeded user roles (用户, 人事, 经理, 老板), as BladeX grants 我的事务. */
  forUsers?: boolean;
}
