/** Raised by the store when Redis does not answer; the HTTP layer turns it into a 503 (`common.storeUnavailable`). */
export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('shared state store unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}
