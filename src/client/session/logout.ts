/** Logout: tell the server (it revokes the refresh token), then end the session locally. */
import { requestRaw } from '../api/http';
import { endSession } from './end-session';

export async function logout(): Promise<void> {
  try {
    await requestRaw({ url: '/blade-auth/oauth/logout', silent: true });
  } catch {
    // The user asked to leave: a server that cannot be told must not keep them signed in.
  } finally {
    endSession();
  }
}
