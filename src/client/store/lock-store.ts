/**
 * Screen lock (spec §4 Screen lock; Saber common.js isLock, lockPasswd): kept in
 * sessionStorage (`type: 'session'`), so it survives a reload of the tab but not the
 * tab itself; cleared by login and logout.
 */
import { createStore, useStore } from './create-store';
import { getStore, removeStore, setStore } from './storage';

export interface LockState {
  isLocked: boolean;
  /** The password set in the lock dialog (only while locked or about to lock). */
  password?: string;
}

function load(): LockState {
  return { isLocked: getStore<boolean>('isLock') === true, password: getStore<string>('lockPasswd') };
}

function persist(state: LockState): void {
  if (state.isLocked) setStore({ name: 'isLock', content: true, type: 'session' });
  else removeStore('isLock');
  if (state.password) setStore({ name: 'lockPasswd', content: state.password, type: 'session' });
  else removeStore('lockPasswd');
}

const lockStore = createStore<LockState>(load(), persist);

export const getLock = lockStore.get;

export function useLock(): LockState {
  return useStore(lockStore);
}

/** Locks the screen with `password` (the route guard then sends every path to /lock). */
export function lockScreen(password: string): void {
  lockStore.set({ isLocked: true, password });
}

/** Answers whether `password` unlocks the screen; a match clears the lock. */
export function unlockScreen(password: string): boolean {
  if (!lockStore.get().isLocked || password !== lockStore.get().password) return false;
  clearLock();
  return true;
}

export function clearLock(): void {
  lockStore.set({ isLocked: false });
}
