import { badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';
import { findConfig } from '../../engine/active-row.js';
import { OSS_MODEL } from './oss-config-hooks.js';
import type { OssStores } from './oss-stores.js';
import { newObjectName } from './object-names.js';
import { StoreError, type OssProvider, type StoredObject } from './providers/oss-provider.js';
import { isSafeName } from './safe-name.js';
import { uploadKind } from './upload-rules.js';

export const ATTACH_MODEL = 'resource/attach';

export interface UploadInput {
  ctx: RequestContext;
  /** OSS configuration code (`?code=`); else the enabled one, else the local disk. */
  code?: string;
  originalName: string;
  bytes: Buffer;
  isAvatar: boolean;
}

/** BladeX's `BladeFile`. */
export interface UploadResult extends StoredObject {
  originalName: string;
  attachId?: string;
}

/** Uploads and removals through the caller's object store, free of HTTP. */
export class OssService {
  constructor(private readonly services: AppServices, private readonly stores: OssStores) {}

  /** The store a call uses, and the id of its configuration row ('' for the built-in local disk). */
  async storeFor(ctx: RequestContext, code?: string): Promise<{ provider: OssProvider; configId: string }> {
    const row = await findConfig(this.services.system.repo, { model: this.services.model(OSS_MODEL), codeField: 'ossCode', ctx, code });
    if (code && !row) throw badRequest('oss.codeUnknown', { code });
    return { provider: this.stores.forConfig(ctx.tenantId, row), configId: row ? String(row.id) : '' };
  }

  /**
   * The store a file was put in, by its configuration id; undefined when that configuration
   * is gone. `repo` is the caller's (inside a transaction, the transaction's).
   */
  async storeById(repo: Repository, ctx: RequestContext, configId: string): Promise<OssProvider | undefined> {
    if (!configId || configId === '0') return this.stores.forConfig(ctx.tenantId);
    const row = await repo.findByKey(this.services.model(OSS_MODEL), ctx, configId);
    return row ? this.stores.forConfig(ctx.tenantId, row) : undefined;
  }

  /** Upload plus a `blade_attach` row; the stored file is removed again when the row cannot be written. */
  async putFileAttach(input: UploadInput): Promise<UploadResult> {
    const { file, provider, configId, extension } = await this.store(input);
    try {
      const attachId = await this.services.resources.rowsOf(input.ctx).insert(this.services.model(ATTACH_MODEL), {
        link: file.link, domainUrl: file.domain, name: file.name, originalName: file.originalName,
        extension, attachSize: input.bytes.length, ossId: configId || null,
      });
      return { ...file, attachId };
    } catch (error) {
      await provider.remove(file.name).catch(() => undefined);
      throw error;
    }
  }

  private async store(input: UploadInput) {
    const { ctx, bytes, originalName } = input;
    const kind = uploadKind({ bytes, originalName, isAvatar: input.isAvatar });
    const { provider, configId } = await this.storeFor(ctx, input.code);
    const name = newObjectName(kind.extension);
    const stored = await this.withStore(ctx, 'oss.uploadFailed', () => provider.put({ name, bytes, contentType: kind.contentType }));
    const file: UploadResult = { ...stored, originalName };
    return { file, provider, configId, extension: kind.extension ?? '' };
  }

  async removeFiles(ctx: RequestContext, names: string[], code?: string): Promise<void> {
    if (names.length === 0 || names.some((n) => !isSafeName(n))) throw badRequest('oss.nameInvalid');
    const { provider } = await this.storeFor(ctx, code);
    for (const name of names) await this.withStore(ctx, 'oss.removeFailed', () => provider.remove(name));
  }

  /** Runs a store call; the store's own failure becomes a clear 400 with its reason. */
  async withStore<T>(ctx: RequestContext, key: 'oss.uploadFailed' | 'oss.removeFailed', fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof StoreError) throw badRequest(key, { reason: error.reason });
      throw error;
    }
  }
}
