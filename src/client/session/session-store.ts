/**
 * The session (spec §4): tokens, tenant, user, menu and button permissions, kept in
 * browser storage (`saber-token`, `saber-refreshToken`, …) so a reload stays signed in.
 * A module-level store: React reads it through useSession; code outside React calls
 * getSession.
 */
import { getStore, removeStore, setStore, storeKey } from '../store/storage';
import type { SessionState } from './session-types';

type Key = keyof SessionState;
/** Stored keys. The chosen top menu is not one: as in Saber, a reload shows every menu. */
const KEYS: Key[] = ['token', 'refreshToken', 'tenantId', 'userInfo', 'menu', 'permission'];

function load(): SessionState {
  return {
    token: getStore('token'),
    refreshToken: getStore('refreshToken'),
    tenantId: getStore('tenantId'),
    userInfo: getStore('userInfo'),
    menu: getStore('menu') ?? [],
    permission: getStore('permission') ?? {},
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Merges `patch` into the session and stores every key it names. */
export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const key of KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value === undefined) removeStore(key);
    else setStore({ name: key, content: value });
  }
  for (const listener of listeners) listener();
}

/**
 * Another tab of the console rotated the tokens or signed out: take its stored values,
 * so this tab never presents a refresh token that was already used (the server ends the
 * whole sign-in when a used one comes back).
 */
function followOtherTabs(): void {
  const g = globalThis as { addEventListener?: (type: 'storage', fn: (e: StorageEvent) => void) => void };
  g.addEventListener?.('storage', (event) => {
    if (event.key !== null && !event.key.startsWith(storeKey(''))) return;
    state = { ...state, ...load() };
    for (const listener of listeners) listener();
  });
}
followOtherTabs();

export function clearSession(): void {
  updateSession({ token: undefined, refreshToken: undefined, userInfo: undefined, menu: [], permission: {}, topMenuId: undefined });
}
