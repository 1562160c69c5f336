/** Ends the session locally: tokens, menu, permissions, tabs, lock and cached server data. */
import { mutate } from 'swr';
import { clearLock } from '../store/lock-store';
import { resetTags } from '../store/tags-store';
import { markMenuStale } from './load-menu';
import { clearSession } from './session-store';

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
