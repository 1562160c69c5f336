import { translate } from '../../../shared/i18n/translate.js';
import { badRequest } from '../../../shared/errors.js';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../../shared/schema/entity-model.js';
import { systemContext } from '../../app-services.js';
import type { Config } from '../../config.js';
import type { SharedStore } from '../../store/shared-store.js';
import { checkPhone } from './phone-numbers.js';
import type { SmsService } from './sms-service.js';

/** Wrong guesses a code survives; then it is void (a 6-digit code must not be guessable in its lifetime). */
const MAX_FAILURES = 5;
const DAY_SECONDS = 86_400;

/** What send-validate answers: a handle, never the code. */
export interface CodeHandle {
  id: string;
  phone: string;
}

interface StoredCode {
  id: string;
  hash: string;
}

const localDay = (now: Date) => `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;

/**
 * SMS verification codes (for send-validate and the phone sign-in): 6 digits sent through
 * the tenant's SMS provider, kept hashed in the shared store for `ttlSeconds`, good for
 * one use, at most one send per phone every `intervalSeconds` and `dailyLimit` a day.
 */
export class SmsCodeService {
  private readonly key: Buffer;

  constructor(private readonly deps: { store: SharedStore; sms: SmsService; serverKey: Uint8Array; limits: Config['smsCode'] }) {
    this.key = createHmac('sha256', deps.serverKey).update('atrium/sms/code').digest();
  }

  private hash(tenantId: string, phone: string, code: string): string {
    return createHmac('sha256', this.key).update(`${tenantId}:${phone}:${code}`).digest('hex');
  }

  private keys(tenantId: string, phone: string) {
    const base = `${tenantId}:${phone}`;
    return { code: `sms:code:${base}`, failures: `sms:code-fail:${base}`, gap: `sms:code-gap:${base}`, day: `sms:code-day:${base}:${localDay(new Date())}` };
  }

  /** Refuses a send that comes too soon after the last one or past the day's limit. */
  private async checkRate(tenantId: string, phone: string): Promise<void> {
    const { intervalSeconds, dailyLimit } = this.deps.limits;
    const keys = this.keys(tenantId, phone);
    if (intervalSeconds > 0 && (await this.deps.store.incr(keys.gap, intervalSeconds)) > 1) {
      throw badRequest('sms.codeTooSoon', { seconds: intervalSeconds });
    }
    if ((await this.deps.store.incr(keys.day, DAY_SECONDS)) > dailyLimit) throw badRequest('sms.codeDailyLimit');
  }

  async sendCode(tenantId: string, rawPhone: string, opts: { lang?: Lang } = {}): Promise<CodeHandle> {
    const lang = opts.lang ?? 'zh';
    const phone = checkPhone(rawPhone);
    await this.checkRate(tenantId, phone);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const stored: StoredCode = { id: randomUUID().replace(/-/g, ''), hash: this.hash(tenantId, phone, code) };
    const keys = this.keys(tenantId, phone);
    const { ttlSeconds } = this.deps.limits;
    await this.deps.store.set(keys.code, JSON.stringify(stored), ttlSeconds);
    await this.deps.store.del(keys.failures);
    const text = translate(lang, 'sms.codeContent', { code, minutes: Math.max(1, Math.round(ttlSeconds / 60)) });
    try {
      await this.deps.sms.send({ ...systemContext(tenantId), lang }, { phones: [phone], params: { code }, text });
    } catch (error) {
      await this.deps.store.del(keys.code);
      throw error;
    }
    return { id: stored.id, phone };
  }

  /** True once for the right code within its lifetime; `id` (send-validate's handle), when given, must match too. */
  async validate(tenantId: string, phone: string, code: string, id?: string): Promise<boolean> {
    const keys = this.keys(tenantId, phone);
    const raw = await this.deps.store.get(keys.code);
    if (!raw) return false;
    const stored = JSON.parse(raw) as StoredCode;
    const given = Buffer.from(this.hash(tenantId, phone, String(code).trim()));
    const matches = timingSafeEqual(given, Buffer.from(stored.hash)) && (!id || id === stored.id);
    if (matches) {
      await this.deps.store.del(keys.code);
      // incr is atomic on every store: of two simultaneous right answers, one wins.
      return (await this.deps.store.incr(`sms:code-used:${stored.id}`, this.deps.limits.ttlSeconds)) === 1;
    }
    if ((await this.deps.store.incr(keys.failures, this.deps.limits.ttlSeconds)) >= MAX_FAILURES) await this.deps.store.del(keys.code);
    return false;
  }
}
