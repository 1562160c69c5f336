import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LinkSigner } from '../link-signer.js';
import { pathInside } from '../safe-name.js';
import { StoreError, type OssProvider, type StoredObject } from './oss-provider.js';

/** Route prefix that serves local-disk files: `<prefix>/<tenantId>/<name>?sign=`. */
export const LOCAL_FILE_ROUTE = '/api/blade-resource/oss/endpoint/file';

/**
 * The built-in store: files under `<root>/<tenantId>/`, served by the file route with a
 * signed link. Names are checked to stay inside the tenant's folder.
 */
export class LocalDiskProvider implements OssProvider {
  constructor(private readonly opts: { root: string; tenantId: string; signer: LinkSigner }) {}

  private get folder(): string {
    return pathInside(this.opts.root, this.opts.tenantId) ?? fail('bad tenant folder');
  }

  private pathOf(name: string): string {
    return pathInside(this.folder, name) ?? fail('invalid file name');
  }

  async put({ name, bytes }: { name: string; bytes: Buffer; contentType: string }): Promise<StoredObject> {
    const path = this.pathOf(name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { flag: 'wx' });
    return { link: this.link(name), domain: `${LOCAL_FILE_ROUTE}/${this.opts.tenantId}`, name };
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  link(name: string): string {
    const sign = this.opts.signer.sign(this.opts.tenantId, name);
    return `${LOCAL_FILE_ROUTE}/${this.opts.tenantId}/${name}?sign=${sign}`;
  }
}

function fail(reason: string): never {
  throw new StoreError(reason);
}
