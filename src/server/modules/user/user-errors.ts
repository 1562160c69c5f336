import { AppError, ErrorCodes, type ErrorCode } from '../../../shared/errors.js';
import type { Lang } from '../../../shared/schema/entity-model.js';
import { userText, type UserTextKey } from './user-messages.js';

/** An error carrying one of the module's own messages. */
export function userFailure(opts: { lang: Lang; key: UserTextKey; params?: Record<string, unknown>; code: ErrorCode; status: number }): AppError {
  return new AppError({ code: opts.code, status: opts.status, text: userText(opts.lang, opts.key, opts.params) });
}

/** A 400 with one of the module's own messages. */
export function userError(lang: Lang, key: UserTextKey, params: Record<string, unknown> = {}): AppError {
  return userFailure({ lang, key, params, code: ErrorCodes.BAD_REQUEST, status: 400 });
}

export const accountTaken = (lang: Lang, account: unknown) =>
  userFailure({ lang, key: 'accountExists', params: { account }, code: ErrorCodes.DUPLICATE_KEY, status: 400 });

export const forbidden = (lang: Lang) => userFailure({ lang, key: 'forbidden', code: ErrorCodes.FORBIDDEN, status: 403 });
