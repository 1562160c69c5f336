/** Where a stored object can be fetched: BladeX's `BladeFile` without the original name. */
export interface StoredObject {
  /** Full address of the object. */
  link: string;
  /** Address of the store (bucket or tenant folder) the name is relative to. */
  domain: string;
  /** Key of the object inside the store, e.g. `upload/20260102/<uuid>.png`. */
  name: string;
}

/** One object store: the built-in local disk or an S3-compatible service. */
export interface OssProvider {
  put(object: { name: string; bytes: Buffer; contentType: string }): Promise<StoredObject>;
  /** Removes the object; removing one that is gone is not an error. */
  remove(name: string): Promise<void>;
  link(name: string): string;
}

/** A failure of the store itself (unreachable, refused credentials), with the store's reason. */
export class StoreError extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'StoreError';
  }
}
