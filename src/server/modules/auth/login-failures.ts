import type { AppServices } from '../../app-services.js';
import { integerParam, readParam } from '../tenant/param-value.js';

/** Each failure (re)starts a 30-minute window, as BladeX's counters do. */
const WINDOW_SECONDS = 30 * 60;
const DEFAULT_LIMIT = 5;
/**
 * Everyone behind one NAT or reverse proxy shares an IP: it gets ten times an account's
 * room, so a few typing mistakes in an office do not lock the whole office out.
 */
const IP_LIMIT_FACTOR = 10;

/** One sign-in attempt: the account in its tenant, and where it came from. */
export interface SignInAttempt {
  tenantId: string;
  account: string;
  ip: string;
}

const accountKey = (tenantId: string, account: string) => `${tenantId}:blade:user::blade:fail:${account}`;
const ipKey = (ip: string) => `blade:ip::blade:fail:${ip}`;

/** Param `account.failCount` (default 5). */
async function failureLimit(services: AppServices): Promise<number> {
  const limit = integerParam(await readParam(services, 'account.failCount'), DEFAULT_LIMIT);
  return limit > 0 ? limit : DEFAULT_LIMIT;
}

/** Whether the account or the IP has failed too often: refused before the password is checked. */
export async function isLockedOut(services: AppServices, attempt: SignInAttempt): Promise<boolean> {
  const [limit, byAccount, byIp] = await Promise.all([
    failureLimit(services),
    services.store.get(accountKey(attempt.tenantId, attempt.account)),
    services.store.get(ipKey(attempt.ip)),
  ]);
  return Number(byAccount ?? 0) >= limit || Number(byIp ?? 0) >= limit * IP_LIMIT_FACTOR;
}

export async function recordLoginFailure(services: AppServices, attempt: SignInAttempt): Promise<void> {
  await services.store.incr(accountKey(attempt.tenantId, attempt.account), WINDOW_SECONDS);
  await services.store.incr(ipKey(attempt.ip), WINDOW_SECONDS);
}

/** A successful sign-in clears both of its counters. */
export async function clearAfterSignIn(services: AppServices, attempt: SignInAttempt): Promise<void> {
  await services.store.del(accountKey(attempt.tenantId, attempt.account));
  await services.store.del(ipKey(attempt.ip));
}

/** Unlocks an account at once (the user module's `unlock`); IP counters run out by themselves. */
export async function clearLoginFailures(services: AppServices, tenantId: string, account: string): Promise<void> {
  await services.store.del(accountKey(tenantId, account));
}
