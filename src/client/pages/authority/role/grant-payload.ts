import {
  checkedFromSaved,
  checkedLeaves,
  DEFAULT_CHECK_KEYS,
  withHalfChecked,
  type CheckNode,
} from '../../../components/checkbox-tree-state';

/** The three grant tabs, in order. */
export const GRANT_TABS = ['menu', 'dataScope', 'apiScope'] as const;
export type GrantTab = (typeof GRANT_TABS)[number];

/** `menu/grant-tree`: one forest per tab (scope rows hang as leaves under their menus). */
export type GrantTrees = Record<GrantTab, CheckNode[]>;
/** `menu/role-tree-keys`: the saved ids per tab; also the checked state of the dialog. */
export type GrantKeys = Record<GrantTab, string[]>;

/** Answers of the two endpoints made whole (a missing tab is an empty one). */
export function asGrantTrees(data: Partial<GrantTrees> | null | undefined): GrantTrees {
  return { menu: data?.menu ?? [], dataScope: data?.dataScope ?? [], apiScope: data?.apiScope ?? [] };
}

/** The checked boxes of each tab from the saved ids (leaf-driven, see checkedFromSaved). */
export function initialChecked(trees: GrantTrees, saved: Partial<Record<GrantTab, unknown[]>> | null | undefined): GrantKeys {
  const of = (tab: GrantTab) => checkedFromSaved(trees[tab], DEFAULT_CHECK_KEYS, (saved?.[tab] ?? []).map(String));
  return { menu: of('menu'), dataScope: of('dataScope'), apiScope: of('apiScope') };
}

/**
 * The body of `role/grant`: menus are saved with their half-checked parents (so the
 * sidebar keeps its groups); scopes are saved as the checked scope rows only (the menus
 * above them are not scopes).
 */
export interface GrantBody {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

export function grantBody(input: { roleId: string; trees: GrantTrees; checked: GrantKeys }): GrantBody {
  const { roleId, trees, checked } = input;
  return {
    roleIds: [roleId],
    menuIds: withHalfChecked(trees.menu, DEFAULT_CHECK_KEYS, checked.menu),
    dataScopeIds: checkedLeaves(trees.dataScope, DEFAULT_CHECK_KEYS, checked.dataScope),
    apiScopeIds: checkedLeaves(trees.apiScope, DEFAULT_CHECK_KEYS, checked.apiScope),
  };
}
