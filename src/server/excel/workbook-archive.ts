import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pipeline, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { PartGuard } from './part-guard.js';
import { PART_BYTES, partTooLarge } from './workbook-limits.js';

/** An uploaded workbook: its path on this machine, or its bytes. */
export type WorkbookFile = string | Buffer;

/** A part as the central directory describes it (unzipper's names). */
interface DirectoryEntry {
  path: string;
  flags: number;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
  offsetToLocalFileHeader: number;
}

type OpenDirectory = (file: WorkbookFile) => Promise<{ files: DirectoryEntry[] }>;

let openDirectory: OpenDirectory | undefined;

/** The central directory, read by exceljs' own unzipper (zip64 included); its entries are inflated here. */
function directoryReader(): OpenDirectory {
  if (openDirectory) return openDirectory;
  const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
  const { Open } = fromExceljs('unzipper') as { Open: { file(path: string): Promise<{ files: DirectoryEntry[] }>; buffer(bytes: Buffer): Promise<{ files: DirectoryEntry[] }> } };
  openDirectory = (file) => (typeof file === 'string' ? Open.file(file) : Open.buffer(file));
  return openDirectory;
}

const LOCAL_HEADER = 30;
const LOCAL_SIGNATURE = 0x04034b50;
/** Sizes that say "see the zip64 extra field". */
const ZIP64_SIZE = 0xffffffff;
const DATA_DESCRIPTOR = 0x08;
const ENCRYPTED = 0x01;

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The parts of an .xlsx, each inflated on demand through a PartGuard. Opening refuses an
 * archive any of whose parts declares (central directory) more than the part limit; reading
 * a part refuses one whose local header declares more, then counts what it really inflates
 * to: headers can lie. Every stream read is closed with `close`.
 */
export class WorkbookArchive {
  private readonly opened = new Set<Readable>();

  private constructor(private readonly file: WorkbookFile, readonly entries: DirectoryEntry[]) {}

  static async open(file: WorkbookFile): Promise<WorkbookArchive> {
    const { files } = await directoryReader()(file);
    const large = files.find((f) => f.uncompressedSize > PART_BYTES);
    if (large) throw partTooLarge(large.path);
    return new WorkbookArchive(file, files);
  }

  part(path: string): DirectoryEntry | undefined {
    return this.entries.find((f) => f.path === path);
  }

  /** The first worksheet in stored order (as exceljs' one-pass reader took it) and its number. */
  firstWorksheet(): { entry: DirectoryEntry; sheetNo: string } | undefined {
    const entry = this.entries.find((f) => WORKSHEET.test(f.path));
    return entry && { entry, sheetNo: WORKSHEET.exec(entry.path)![1] };
  }

  /** The part's XML, inflated, counted and scanned (the guard's `scanner` counts its rows). */
  async read(entry: DirectoryEntry): Promise<PartGuard> {
    if (entry.flags & ENCRYPTED) throw new Error(`${entry.path} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Error(`${entry.path}: compression method ${entry.compressionMethod}`);
    const header = await this.bytes(entry.offsetToLocalFileHeader, LOCAL_HEADER);
    if (header.length < LOCAL_HEADER || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new Error(`${entry.path}: no local file header`);
    const declared = header.readUInt32LE(22);
    if (!(header.readUInt16LE(6) & DATA_DESCRIPTOR) && declared !== ZIP64_SIZE && declared > PART_BYTES) throw partTooLarge(entry.path);
    const start = entry.offsetToLocalFileHeader + LOCAL_HEADER + header.readUInt16LE(26) + header.readUInt16LE(28);
    const guard = new PartGuard(entry.path);
    const stages = [this.range(start, entry.compressedSize), ...(entry.compressionMethod === 8 ? [createInflateRaw()] : []), guard];
    // pipeline destroys every stage when one fails or the guard is destroyed (the file closed with it).
    pipeline(stages as [Readable, ...NodeJS.WritableStream[]], () => undefined);
    this.opened.add(guard);
    guard.once('close', () => this.opened.delete(guard));
    return guard;
  }

  /** Ends every part still being read (a reader that stopped early, a refusal). */
  close(): void {
    for (const stream of this.opened) stream.destroy();
    this.opened.clear();
  }

  private range(start: number, length: number): Readable {
    if (typeof this.file !== 'string') return Readable.from([this.file.subarray(start, start + length)], { objectMode: false });
    if (length === 0) return Readable.from([], { objectMode: false });
    return createReadStream(this.file, { start, end: start + length - 1 });
  }

  private async bytes(start: number, length: number): Promise<Buffer> {
    if (typeof this.file !== 'string') return this.file.subarray(start, start + length);
    const handle = await open(this.file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}
