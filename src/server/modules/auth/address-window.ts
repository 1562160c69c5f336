import type { AppServices } from '../../app-services.js';

/**
 * Failed password sign-ins per client address, in a short sliding window (config
 * `signInAddressLimit`) that holds no state about any account: past it an address waits
 * until its oldest failure leaves the window, at most `windowSeconds`, and nothing is
 * left behind that refuses anyone longer. It replaces BladeX's `blade:ip::blade:fail:<ip>`,
 * which refused every account at that address for 30 minutes.
 */
const addressKey = (ip: string) => `sign-in:address-failures:${ip}`;

/** An attempt counted against its address (`entry` to give back), or how long the address must wait. */
export type AddressTake = { taken: true; entry?: string } | { taken: false; retryAfterSeconds: number };

/** Counts one attempt against the address when its window has room (always, when the limit is off). */
export async function takeAddressAttempt(services: AppServices, ip: string): Promise<AddressTake> {
  const { failures, windowSeconds } = services.config.signInAddressLimit;
  if (failures === 0) return { taken: true };
  const take = await services.store.takeFromWindow({ key: addressKey(ip), limit: failures, windowMs: windowSeconds * 1000 });
  if (take.taken) return take;
  return { taken: false, retryAfterSeconds: Math.min(windowSeconds, Math.max(1, Math.ceil(take.retryAfterMs / 1000))) };
}

/** An attempt that was no failure after all (it signed in, or no password was checked): its room comes back. */
export async function giveBackAddressAttempt(services: AppServices, ip: string, entry: string | undefined): Promise<void> {
  if (entry) await services.store.giveBackToWindow(addressKey(ip), entry);
}
