import { AppError, ErrorCodes } from '../../shared/errors.js';
import type { Lang, LocalText } from '../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../shared/i18n/messages.js';

const tooManyRequests: LocalText = {
  zh: '请求过于频繁，请{seconds}秒后再试',
  en: 'too many requests, please retry in {seconds} s',
};

/** The 429 a caller over its rate limit gets, in its language, in our envelope. */
export function tooManyRequestsError(lang: Lang, seconds: number): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 429, text: fillPlaceholders(tooManyRequests[lang], { seconds: Math.max(1, seconds) }) });
}
