import { cellTooLong, markupTooLong } from './workbook-limits.js';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Elements between which exceljs keeps adding text to one value: a cell (its `<v>`,
 * `<f>`, inline `<is>` runs) and a shared string (every `<r><t>` run of it).
 */
const VALUE_BOUNDARIES = new Set(['c', 'si']);

type State = 'text' | 'open' | 'bang' | 'tag' | 'comment' | 'cdata' | 'pi';

/**
 * Reads the bytes of an XML part as they are inflated, before any parser, and refuses what
 * the parser would have to hold whole: saxes keeps a text, a tag, a comment or a CDATA
 * section in memory until it ends, and exceljs joins the texts of one cell or shared
 * string. A piece of markup over MARKUP_BYTES, or more text than that inside one cell or
 * shared string, stops the read at once. A DTD (`<!DOCTYPE`) is refused: package parts
 * have none, and its internal subset would be held whole. Counts the worksheet's rows.
 */
export class XmlScanner {
  /** `<row>` elements with content seen so far. */
  rows = 0;
  private state: State = 'text';
  /** Bytes of the piece of markup under way. */
  private markup = 0;
  /** Text bytes since the last cell or shared-string boundary. */
  private text = 0;
  private quote = 0;
  private name = '';
  private naming = false;
  private closing = false;
  private bang = '';
  private prev = 0;
  private prev2 = 0;

  constructor(private readonly limits: { markupBytes: number; textBytes: number }) {}

  scan(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'text') {
        const lt = chunk.indexOf(LT, i);
        this.text += (lt === -1 ? chunk.length : lt) - i;
        if (this.text > this.limits.textBytes) throw cellTooLong();
        if (lt === -1) return;
        this.state = 'open';
        this.markup = 1;
        i = lt + 1;
        continue;
      }
      if (this.state === 'tag' && !this.naming) {
        const end = this.attributesEnd(chunk, i);
        this.markup += end - i;
        if (this.markup > this.limits.markupBytes) throw markupTooLong();
        if (end > i) this.prev = chunk[end - 1];
        i = end;
        if (i === chunk.length) return;
      }
      const byte = chunk[i++];
      if (++this.markup > this.limits.markupBytes) throw markupTooLong();
      this.step(byte);
      this.prev2 = this.prev;
      this.prev = byte;
    }
  }

  /** Where the attributes of a tag stop being plain bytes: a quote, or the tag's end (most of a worksheet is tags: no call per byte). */
  private attributesEnd(chunk: Buffer, from: number): number {
    if (this.quote) {
      const closing = chunk.indexOf(this.quote, from);
      return closing === -1 ? chunk.length : closing;
    }
    let i = from;
    while (i < chunk.length) {
      const b = chunk[i];
      if (b === GT || b === DOUBLE_QUOTE || b === SINGLE_QUOTE) return i;
      i += 1;
    }
    return i;
  }

  private step(byte: number): void {
    switch (this.state) {
      case 'open': return this.opened(byte);
      case 'bang': return this.declared(byte);
      case 'tag': return this.inTag(byte);
      case 'comment': if (byte === GT && this.prev === DASH && this.prev2 === DASH) this.state = 'text'; return;
      case 'cdata': if (byte === GT && this.prev === BRACKET && this.prev2 === BRACKET) this.state = 'text'; return;
      case 'pi': if (byte === GT && this.prev === QUESTION) this.state = 'text'; return;
    }
  }

  /** The byte after `<`. */
  private opened(byte: number): void {
    if (byte === BANG) { this.state = 'bang'; this.bang = ''; return; }
    if (byte === QUESTION) { this.state = 'pi'; return; }
    this.state = 'tag';
    this.quote = 0;
    this.closing = byte === SLASH;
    this.naming = true;
    this.name = this.closing ? '' : String.fromCharCode(byte);
  }

  /** After `<!`: a comment, a CDATA section, or a declaration (refused). */
  private declared(byte: number): void {
    this.bang += String.fromCharCode(byte);
    // The end markers are looked for from the bytes inside only.
    if (this.bang === '--') { this.state = 'comment'; this.prev = 0; this.prev2 = 0; return; }
    if (this.bang === '[CDATA[') { this.state = 'cdata'; this.prev = 0; this.prev2 = 0; return; }
    if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) throw new Error('the XML holds a declaration (a DTD), which workbook parts never have');
  }

  private inTag(byte: number): void {
    if (this.naming) {
      if (!isSpace(byte) && byte !== SLASH && byte !== GT) {
        if (this.name.length < 32) this.name += String.fromCharCode(byte);
        return;
      }
      this.naming = false;
    }
    if (this.quote) {
      if (byte === this.quote) this.quote = 0;
    } else if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
      this.quote = byte;
    } else if (byte === GT) {
      this.state = 'text';
      this.tagEnded(this.prev === SLASH && !this.closing);
    }
  }

  private tagEnded(empty: boolean): void {
    const local = this.name.slice(this.name.lastIndexOf(':') + 1);
    if (VALUE_BOUNDARIES.has(local)) this.text = 0;
    if (local === 'row' && !this.closing && !empty) this.rows += 1;
  }
}
