import { badRequest } from '../../../shared/errors.js';

/** Mainland mobile numbers: 11 digits starting 13–19. */
const MOBILE = /^1[3-9]\d{9}$/;
export const MAX_PHONES = 100;

/** Checks one number in the spec's order (§5): empty, then length, then format. */
export function checkPhone(raw: string | undefined): string {
  const phone = (raw ?? '').trim();
  if (!phone) throw badRequest('sms.phoneEmpty');
  if (phone.length !== 11) throw badRequest('sms.phoneLength');
  if (!MOBILE.test(phone)) throw badRequest('sms.phoneFormat');
  return phone;
}

/** Comma-joined numbers, each checked, duplicates dropped. */
export function parsePhones(raw: string | undefined): string[] {
  const parts = (raw ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw badRequest('sms.phoneEmpty');
  if (parts.length > MAX_PHONES) throw badRequest('sms.tooManyPhones', { max: MAX_PHONES });
  return [...new Set(parts.map((p) => checkPhone(p)))];
}
