import type { EntityRecord } from '../../engine/record-codec.js';
import type { LinkSigner } from './link-signer.js';
import { isLocalCategory } from './oss-categories.js';
import { LocalDiskProvider } from './providers/local-disk-provider.js';
import type { OssProvider } from './providers/oss-provider.js';
import { S3Provider, type S3Settings } from './providers/s3-provider.js';
import { makeRoom } from '../../../shared/make-room.js';

const CACHE_SIZE = 64;

/**
 * Configuration row → provider. S3 clients keep connection pools, so one client per
 * distinct setting is kept (a changed row gets a new one; the oldest is dropped).
 */
export class OssStores {
  private readonly s3 = new Map<string, S3Provider>();

  constructor(private readonly deps: { filesDir: string; signer: LinkSigner }) {}

  /** The store of a configuration row; without one, the built-in local disk. */
  forConfig(tenantId: string, row?: EntityRecord): OssProvider {
    if (!row || isLocalCategory(row.category)) {
      return new LocalDiskProvider({ root: this.deps.filesDir, tenantId, signer: this.deps.signer });
    }
    const settings: S3Settings = {
      endpoint: String(row.endpoint ?? ''),
      bucketName: String(row.bucketName ?? ''),
      accessKey: String(row.accessKey ?? ''),
      secretKey: String(row.secretKey ?? ''),
      region: String(row.region ?? ''),
    };
    const key = JSON.stringify(settings);
    let provider = this.s3.get(key);
    if (!provider) {
      provider = new S3Provider(settings);
      makeRoom(this.s3, CACHE_SIZE);
      this.s3.set(key, provider);
    }
    return provider;
  }
}
