import type { AppServices } from '../../app-services.js';
import { integerParam, readParam } from '../tenant/param-value.js';

/** Each attempt (re)starts a 30-minute window, as each failure does in BladeX. */
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

/** Whether the account or the IP has failed too often: refused before anything else is checked. */
export async function isLockedOut(services: AppServices, attempt: SignInAttempt): Promise<boolean> {
  const [limit, [byAccount, byIp]] = await Promise.all([
    failureLimit(services),
    services.store.getMany([accountKey(attempt.tenantId, attempt.account), ipKey(attempt.ip)]),
  ]);
  return Number(byAccount ?? 0) >= limit || Number(byIp ?? 0) >= limit * IP_LIMIT_FACTOR;
}

/**
 * Takes one attempt from the account's and the IP's allowance before the password is
 * checked, in one atomic step: false (nothing taken) when either is used up. The attempt
 * counts as a failure unless the sign-in succeeds (clearAfterSignIn), so however many
 * requests race, at most `limit` passwords are checked per window.
 */
export async function reserveAttempt(services: AppServices, attempt: SignInAttempt): Promise<boolean> {
  const limit = await failureLimit(services);
  return services.store.reserve([
    { key: accountKey(attempt.tenantId, attempt.account), limit },
    { key: ipKey(attempt.ip), limit: limit * IP_LIMIT_FACTOR },
  ], WINDOW_SECONDS);
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
