import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session-store';
import type { SessionState } from './session-types';

/** The session, re-rendering the caller when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
