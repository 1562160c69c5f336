import { AppError } from '../../../shared/errors.js';
import type { TextKey } from '../../../shared/i18n/translate.js';

/** What went wrong reaching or reading another database: a key of the catalogue's `database` namespace. */
export type ExternalMessage = Extract<TextKey, `database.${string}`>;

/** A failure to reach or read another database; a 400 whose text the error handler translates. */
export class ExternalDbError extends AppError {
  constructor(key: ExternalMessage, params: Record<string, string | number> = {}) {
    super(key, params);
    this.name = 'ExternalDbError';
  }
}
