import type { Lang } from '../../../shared/schema/entity-model.js';
import { smsError } from './sms-messages.js';

/** Mainland mobile numbers: 11 digits starting 13–19. */
const MOBILE = /^1[3-9]\d{9}$/;
export const MAX_PHONES = 100;

/** Checks one number in the spec's order (§5): empty, then length, then format. */
export function checkPhone(raw: string | undefined, lang: Lang): string {
  const phone = (raw ?? '').trim();
  if (!phone) throw smsError(lang, 'phoneEmpty');
  if (phone.length !== 11) throw smsError(lang, 'phoneLength');
  if (!MOBILE.test(phone)) throw smsError(lang, 'phoneFormat');
  return phone;
}

/** Comma-joined numbers, each checked, duplicates dropped. */
export function parsePhones(raw: string | undefined, lang: Lang): string[] {
  const parts = (raw ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw smsError(lang, 'phoneEmpty');
  if (parts.length > MAX_PHONES) throw smsError(lang, 'tooManyPhones', { max: MAX_PHONES });
  return [...new Set(parts.map((p) => checkPhone(p, lang)))];
}
