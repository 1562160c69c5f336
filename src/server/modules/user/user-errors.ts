import { AppError, ErrorCodes } from '../../../shared/errors.js';

/** The account is taken in this tenant (a duplicate key, answered as a 400). */
export const accountTaken = (account: unknown) =>
  new AppError('user.accountExists', { account: String(account ?? '') }, 400, { code: ErrorCodes.DUPLICATE_KEY });
