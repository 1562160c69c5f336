import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { SharedStore } from '../../store/shared-store.js';

const TTL_SECONDS = 30 * 60;

export interface Captcha {
  key: string;
  /** data: URL of the picture, for an <img>. */
  image: string;
}

/** Picture captchas kept in the shared store: case-insensitive, one use, 30 minutes. */
export class CaptchaService {
  constructor(private readonly store: SharedStore) {}

  async create(): Promise<Captcha> {
    const { text, data } = svgCaptcha.create({ size: 5, noise: 2, width: 130, height: 48, ignoreChars: '0oO1ilI' });
    const key = randomUUID();
    await this.store.set(`captcha:${key}`, text.toLowerCase(), TTL_SECONDS);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** Whether the code matches; the captcha is used up either way. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const stored = await this.store.get(`captcha:${key}`);
    await this.store.del(`captcha:${key}`);
    return stored !== undefined && stored === code.trim().toLowerCase();
  }
}
