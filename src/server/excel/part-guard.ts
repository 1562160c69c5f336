import { Transform, type TransformCallback } from 'node:stream';
import { MARKUP_BYTES, PART_BYTES, partTooLarge, WORKBOOK_LIMITS } from './workbook-limits.js';
import { XmlScanner } from './xml-scanner.js';

/**
 * Between the inflater and the parser of one part: counts the bytes actually inflated
 * (whatever the headers said) and scans them (XmlScanner), so a part past a limit is
 * refused before the parser has been handed more than a chunk of it.
 */
export class PartGuard extends Transform {
  readonly scanner = new XmlScanner({ markupBytes: MARKUP_BYTES, textChars: WORKBOOK_LIMITS.cellChars });
  private bytes = 0;

  constructor(private readonly part: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > PART_BYTES) return done(partTooLarge(this.part));
    try {
      this.scanner.scan(chunk);
    } catch (error) {
      return done(error as Error);
    }
    done(null, chunk);
  }
}
