/** Ends the session locally: tokens, menu, permissions, tabs, lock and cached server data. */
import { mutate } from 'swr';
import { removeStore } from '../store/storage';
import { resetTags } from '../store/tags-store';
import { markMenuStale } from './load-menu';
import { clearSession } from './session-store';

/** Lock state is session-scoped (Saber common.js: isLock, lockPasswd). */
export function clearLock(): void {
  removeStore('isLock');
  removeStore('lockPasswd');
}

/**
 * Forced logout (401, empty token): nothing is sent to the server. The route guard sees
 * the empty token and navigates to /login.
 */
export function endSession(): void {
  clearSession();
  resetTags();
  clearLock();
  markMenuStale();
  void mutate(() => true, undefined, { revalidate: false });
}
