import type { LocalText } from '../../shared/schema/entity-model.js';

/** What a caller reads while the shared store (Redis) cannot be reached; the answer is a 503. */
export const storeUnavailableText: LocalText = {
  zh: '共享存储暂不可用，请稍后重试',
  en: 'shared state store unavailable, please retry shortly',
};

/** Raised by the store when Redis does not answer; the HTTP layer turns it into a 503. */
export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('shared state store unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}
