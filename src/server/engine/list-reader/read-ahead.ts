/**
 * Shared-store values read together with the token check (the same round trip as the
 * session and epoch), for later steps of the same request: with Redis, an authenticated
 * request then waits for one answer instead of two. `epoch` is the store's epoch when they
 * were read: values of an earlier epoch are not used (count-cache.ts, storeEpoch).
 */
export interface ReadAhead {
  epoch: number;
  values: ReadonlyMap<string, string | undefined>;
}

/** Which keys to read ahead, and the store's epoch to mark them with. */
export interface ReadAheadSource {
  readAheadKeys(): readonly string[];
  storeEpoch(): number;
}
