import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * The jobs' files in the local object store (FILES_DIR/jobs/<tenant>/): an import's upload
 * and a job's result workbook. Names are made here from the job id, never from input.
 * Several processes share them through the folder (the same FILES_DIR, or a shared volume).
 */
export class JobFiles {
  constructor(private readonly filesDir: string) {}

  private path(tenantId: string, name: string): string {
    const dir = join(this.filesDir, 'jobs', tenantId);
    mkdirSync(dir, { recursive: true });
    return join(dir, name);
  }

  static resultName(jobId: string): string {
    return `${jobId}-result.xlsx`;
  }

  static sourceName(jobId: string): string {
    return `${jobId}-source.xlsx`;
  }

  async put(tenantId: string, name: string, bytes: Buffer): Promise<void> {
    await writeFile(this.path(tenantId, name), bytes);
  }

  writer(tenantId: string, name: string): Writable {
    return createWriteStream(this.path(tenantId, name));
  }

  reader(tenantId: string, name: string): Readable {
    return createReadStream(this.path(tenantId, name));
  }

  /** Where the file is on this machine, for a reader that needs to seek (an .xlsx read through its central directory). */
  localPath(tenantId: string, name: string): string {
    return this.path(tenantId, name);
  }

  async exists(tenantId: string, name: string): Promise<boolean> {
    return stat(this.path(tenantId, name)).then(() => true, () => false);
  }

  async remove(tenantId: string, name: string): Promise<void> {
    await rm(this.path(tenantId, name), { force: true });
  }
}
