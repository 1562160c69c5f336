import type { AuthUser } from '../../http/fastify-types.js';

declare module '../../http/fastify-types.js' {
  interface AuthUser {
    /** The blade_user_oauth row a third-party sign-in came through ('' or absent otherwise). */
    oauthId?: string;
    /** The user's session epoch when the token was issued; a later one (see user-sessions) revokes it. */
    epoch?: string;
  }
}

/** user_id of a third-party visitor who has no account yet (BladeX: a user without id). */
export const GUEST_USER_ID = '-1';
/** Role alias of such a visitor. */
export const GUEST_ROLE = 'guest';

/** Whether the caller is a third-party visitor without an account (a guest token). */
export function isGuest(user: AuthUser | undefined): boolean {
  return user?.userId === GUEST_USER_ID;
}
