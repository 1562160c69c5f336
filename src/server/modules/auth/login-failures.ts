import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { integerParam, readParam } from '../../system-param.js';
import { giveBackAddressAttempt, takeAddressAttempt } from './address-window.js';
import { tokenError } from './token-body.js';

/**
 * The sign-in failure rule, for every grant that checks a password: per account as BladeX
 * (param `account.failCount`, each attempt (re)starting a 30-minute window), and per client
 * address a short sliding window (address-window.ts) that never locks an account.
 */
const WINDOW_SECONDS = 30 * 60;
const DEFAULT_LIMIT = 5;

/** One sign-in attempt: the account in its tenant, and where it came from. */
export interface SignInAttempt {
  tenantId: string;
  account: string;
  ip: string;
}

/** An attempt allowed a password check; `addressEntry` is its room in the address's window. */
export interface ReservedAttempt extends SignInAttempt {
  addressEntry?: string;
}

/** Why an attempt gets no password check: the account is locked, or the address must wait. */
export type AttemptRefusal = { accountLocked: true } | { retryAfterSeconds: number };

const accountKey = (tenantId: string, account: string) => `${tenantId}:blade:user::blade:fail:${account}`;

/** Param `account.failCount` (default 5). */
async function failureLimit(services: AppServices): Promise<number> {
  const limit = integerParam(await readParam(services, 'account.failCount'), DEFAULT_LIMIT);
  return limit > 0 ? limit : DEFAULT_LIMIT;
}

/** Whether the account has failed too often: refused before anything else is checked, as BladeX does. */
export async function isLockedOut(services: AppServices, attempt: SignInAttempt): Promise<boolean> {
  const [limit, byAccount] = await Promise.all([failureLimit(services), services.store.get(accountKey(attempt.tenantId, attempt.account))]);
  return Number(byAccount ?? 0) >= limit;
}

/**
 * Takes one attempt from the address's window, then from the account's allowance, each in
 * one atomic step, before the password is checked; an attempt the account refuses gives its
 * address room back. The attempt counts as a failure unless the sign-in succeeds
 * (clearAfterSignIn), so however many requests race, at most `account.failCount` passwords
 * are checked per account and window, and `signInAddressLimit.failures` per address and window.
 */
export async function reserveAttempt(services: AppServices, attempt: SignInAttempt): Promise<{ reserved: ReservedAttempt } | { refused: AttemptRefusal }> {
  const byAddress = await takeAddressAttempt(services, attempt.ip);
  if (!byAddress.taken) return { refused: { retryAfterSeconds: byAddress.retryAfterSeconds } };
  const limit = await failureLimit(services);
  if (await services.store.reserve([{ key: accountKey(attempt.tenantId, attempt.account), limit }], WINDOW_SECONDS)) {
    return { reserved: { ...attempt, addressEntry: byAddress.entry } };
  }
  await giveBackAddressAttempt(services, attempt.ip, byAddress.entry);
  return { refused: { accountLocked: true } };
}

/** The token error of a refused attempt: the BladeX lockout (400), or 429 with Retry-After for the address. */
export function refuseAttempt(request: FastifyRequest, reply: FastifyReply, refusal: AttemptRefusal) {
  if ('accountLocked' in refusal) return tokenError(request, reply, 'auth.locked');
  reply.header('retry-after', String(refusal.retryAfterSeconds));
  return tokenError(request, reply, new AppError('auth.addressThrottled', { seconds: refusal.retryAfterSeconds }, 429));
}

/**
 * A successful sign-in clears its account's failures and gives back its own room in the
 * address's window; the address's other failures stay, so signing in to an account of
 * one's own does not buy more guesses at others.
 */
export async function clearAfterSignIn(services: AppServices, attempt: SignInAttempt | ReservedAttempt): Promise<void> {
  await services.store.del(accountKey(attempt.tenantId, attempt.account));
  if ('addressEntry' in attempt) await giveBackAddressAttempt(services, attempt.ip, attempt.addressEntry);
}

/** Unlocks an account at once (the user module's `unlock`); address windows run out by themselves. */
export async function clearLoginFailures(services: AppServices, tenantId: string, account: string): Promise<void> {
  await services.store.del(accountKey(tenantId, account));
}
