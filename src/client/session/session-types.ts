/** Shapes of the session: the token response, the menu tree and the stored state. */

/** Body of a successful `/blade-auth/oauth/token` call (BladeX). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  tenant_id: string;
  user_id: string;
  user_name: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  role_id?: string;
  dept_id?: string;
  account?: string;
  avatar?: string;
  oauth_id?: string;
}

/** Body of a refused token call. */
export interface TokenError {
  error_code?: number;
  error_description?: string;
}

/** Who is signed in: the token response without its tokens. */
export type UserInfo = Omit<TokenResponse, 'access_token' | 'refresh_token'>;

/** A node of `GET /blade-system/menu/routes`. */
export interface MenuNode {
  id: string;
  parentId?: string;
  code?: string;
  name: string;
  path: string;
  /** Icon class. */
  source?: string;
  sort?: number;
  category?: number;
  /** 1 opens in the layout, 2 in a new window (external paths). */
  isOpen?: number;
  children?: MenuNode[];
  /** Roles allowed to see the item; absent means everyone. */
  meta?: { roles?: string[]; i18n?: string; keepAlive?: boolean };
}

/** A row of `GET /blade-system/menu/top-menu`. */
export interface TopMenuNode {
  id: string;
  name: string;
  code?: string;
  source?: string;
  sort?: number;
}

/** A node of `GET /blade-system/menu/buttons`. */
export interface ButtonNode {
  code: string;
  children?: ButtonNode[];
}

export type Permissions = Record<string, boolean>;

export interface SessionState {
  token?: string;
  refreshToken?: string;
  tenantId?: string;
  userInfo?: UserInfo;
  menu: MenuNode[];
  permission: Permissions;
  /** The top-bar menu the sidebar is limited to (`menu/routes?topMenuId=`); absent: 首页, every menu. Kept in memory only. */
  topMenuId?: string;
}
