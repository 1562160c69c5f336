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
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** `&#x10FFFF;` is the longest reference a character can be written as; a longer "entity" is counted byte by byte. */
const LONGEST_REFERENCE = 10;
const COLON = 0x3a;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** A local name of up to three ASCII letters as one number (its bytes), so tags are told apart without making strings. */
const packed = (name: string) => [...name].reduce((n, ch) => (n << 8) | ch.charCodeAt(0), 0);
/**
 * Elements between which exceljs keeps adding text to one value: a cell (its `<v>`,
 * `<f>`, inline `<is>` runs) and a shared string (every `<r><t>` run of it).
 */
const CELL = packed('c');
const SHARED_STRING = packed('si');
const ROW = packed('row');

type State = 'text' | 'open' | 'bang' | 'tag' | 'comment' | 'cdata' | 'pi';

/**
 * Reads the bytes of an XML part as they are inflated, before any parser, and refuses what
 * the parser would have to hold whole: saxes keeps a text, a tag, a comment or a CDATA
 * section in memory until it ends, and exceljs joins the texts of one cell or shared
 * string. A piece of markup over `markupBytes`, or more than `textChars` of text inside one cell or
 * shared string, stops the read at once. Text is counted in characters as the parser will
 * decode them (a UTF-8 sequence or an entity reference is one), so a cell over the cell limit
 * is refused here already. A DTD (`<!DOCTYPE`) is refused: package parts
 * have none, and its internal subset would be held whole. Counts the worksheet's rows.
 */
export class XmlScanner {
  /** `<row>` elements with content seen so far. */
  rows = 0;
  private state: State = 'text';
  /** Bytes of the piece of markup under way. */
  private markup = 0;
  /** Text characters since the last cell or shared-string boundary. */
  private text = 0;
  /** Bytes of the entity reference under way in a text, 0 when none. */
  private entity = 0;
  private quote = 0;
  /** The last (up to three) bytes of the tag's local name, and how many bytes it has. */
  private local = 0;
  private localLength = 0;
  private naming = false;
  private closing = false;
  private bang = '';
  private prev = 0;
  private prev2 = 0;

  constructor(private readonly limits: { markupBytes: number; textChars: number }) {}

  scan(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'text') {
        const lt = chunk.indexOf(LT, i);
        const end = lt === -1 ? chunk.length : lt;
        if (end > i) this.countText(chunk, i, end);
        if (lt === -1) return;
        this.state = 'open';
        this.markup = 1;
        i = lt + 1;
        continue;
      }
      if (this.state === 'tag') {
        i = this.tagBytes(chunk, i);
        if (i === chunk.length) return;
      }
      const byte = chunk[i++];
      if (++this.markup > this.limits.markupBytes) throw markupTooLong();
      this.step(byte);
      this.prev2 = this.prev;
      this.prev = byte;
    }
  }

  private countText(chunk: Buffer, from: number, to: number): void {
    let { text, entity } = this;
    for (let i = from; i < to; i += 1) {
      const b = chunk[i];
      if (entity) {
        entity = b === SEMICOLON || entity >= LONGEST_REFERENCE ? 0 : entity + 1;
        if (entity || b === SEMICOLON) continue;
      }
      if (b === AMPERSAND) entity = 1;
      // A byte that is not a UTF-8 continuation starts a character.
      if ((b & 0xc0) !== 0x80) text += 1;
    }
    this.entity = entity;
    this.text = text;
    if (text > this.limits.textChars) throw cellTooLong();
  }

  /**
   * Reads a tag's name and its plain attribute bytes (most of a worksheet is tags: no call
   * per byte); answers where the next byte that matters is (a quote, the tag's end).
   */
  private tagBytes(chunk: Buffer, from: number): number {
    let i = from;
    while (this.naming && i < chunk.length) {
      const b = chunk[i];
      if (isSpace(b) || b === SLASH || b === GT) { this.naming = false; break; }
      if (b === COLON) { this.local = 0; this.localLength = 0; } else { this.local = ((this.local << 8) | b) & 0xffffff; this.localLength += 1; }
      i += 1;
    }
    if (!this.naming) {
      if (this.quote) {
        const closing = chunk.indexOf(this.quote, i);
        i = closing === -1 ? chunk.length : closing;
      } else {
        while (i < chunk.length && chunk[i] !== GT && chunk[i] !== DOUBLE_QUOTE && chunk[i] !== SINGLE_QUOTE) i += 1;
      }
    }
    this.markup += i - from;
    if (this.markup > this.limits.markupBytes) throw markupTooLong();
    if (i > from) this.prev = chunk[i - 1];
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
    this.local = this.closing ? 0 : byte;
    this.localLength = this.closing ? 0 : 1;
  }

  /** After `<!`: a comment, a CDATA section, or a declaration (refused). */
  private declared(byte: number): void {
    this.bang += String.fromCharCode(byte);
    // The end markers are looked for from the bytes inside only.
    if (this.bang === '--') { this.state = 'comment'; this.prev = 0; this.prev2 = 0; return; }
    if (this.bang === '[CDATA[') { this.state = 'cdata'; this.prev = 0; this.prev2 = 0; return; }
    if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) throw new Error('the XML holds a declaration (a DTD), which workbook parts never have');
  }

  /** A byte of a tag that tagBytes stopped at. */
  private inTag(byte: number): void {
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
    const name = this.localLength <= 3 ? this.local : -1;
    if (name === CELL || name === SHARED_STRING) this.text = 0;
    this.entity = 0;
    if (name === ROW && !this.closing && !empty) this.rows += 1;
  }
}
