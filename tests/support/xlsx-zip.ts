import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One part of the archive: its bytes, made piece by piece (a 120 MB part is never whole in memory). */
export interface ZipPart {
  name: string;
  pieces: () => Iterable<Buffer>;
}

/** What the headers say about the parts' sizes: the truth, or a lie (every part claims `claimBytes`, in both headers or only the central directory's). */
export interface ZipHeaders {
  claimBytes?: number;
  onlyCentral?: boolean;
}

interface Deflated { name: Buffer; data: Buffer; crc: number; size: number }

async function deflated(part: ZipPart): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const piece of part.pieces()) {
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { name: Buffer.from(part.name), data: Buffer.concat(out), crc, size };
}

function header(opts: { central: boolean; part: Deflated; size: number; offset: number }): Buffer {
  const { part } = opts;
  const head = Buffer.alloc(opts.central ? 46 : 30);
  let at = 0;
  const u32 = (v: number) => { head.writeUInt32LE(v >>> 0, at); at += 4; };
  const u16 = (v: number) => { head.writeUInt16LE(v, at); at += 2; };
  u32(opts.central ? 0x02014b50 : 0x04034b50);
  if (opts.central) u16(20);
  u16(20); u16(0x0800); u16(8); u16(0); u16(0x21);
  u32(part.crc); u32(part.data.length); u32(opts.size);
  u16(part.name.length); u16(0);
  if (opts.central) { u16(0); u16(0); u16(0); u32(0); u32(opts.offset); }
  return Buffer.concat([head, part.name]);
}

/** A real zip archive (deflated parts, local headers, central directory), its sizes honest or not. */
export async function zipOf(parts: ZipPart[], headers: ZipHeaders = {}): Promise<Buffer> {
  const made = await Promise.all(parts.map(deflated));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of made) {
    const size = headers.claimBytes ?? part.size;
    const local = Buffer.concat([header({ central: false, part, size: headers.onlyCentral ? part.size : size, offset: 0 }), part.data]);
    centrals.push(header({ central: true, part, size, offset }));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(made.length, 8);
  end.writeUInt16LE(made.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const text = (s: string) => () => [Buffer.from(s)];
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * The parts of a minimal .xlsx (as Excel needs them) around one worksheet whose XML is
 * `sheet`: content types, package and workbook relations, the workbook.
 */
export function xlsxParts(sheet: () => Iterable<Buffer>): ZipPart[] {
  return [
    { name: '[Content_Types].xml', pieces: text(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`) },
    { name: '_rels/.rels', pieces: text(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', pieces: text(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="通知" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', pieces: text(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', pieces: sheet },
  ];
}

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const inline = (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t>${escaped(s)}</t></is></c>`;

/**
 * A worksheet of inline strings: `header` in row 1, then `rows`; a cell given as
 * `{ repeat, times }` is that text `times` over, made piece by piece (1 MB at a time).
 */
export function inlineSheet(header: string[], rows: (string | { repeat: string; times: number })[][]): () => Iterable<Buffer> {
  return function* () {
    yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1">${header.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`);
    for (const [r, row] of rows.entries()) {
      yield Buffer.from(`<row r="${r + 2}">`);
      for (const [c, cell] of row.entries()) {
        const ref = `${String.fromCharCode(65 + c)}${r + 2}`;
        if (typeof cell === 'string') { yield Buffer.from(inline(ref, cell)); continue; }
        yield Buffer.from(`<c r="${ref}" t="inlineStr"><is><t>`);
        const piece = Buffer.from(escaped(cell.repeat).repeat(Math.max(1, Math.floor((1 << 20) / cell.repeat.length))));
        const perPiece = piece.length / Buffer.byteLength(escaped(cell.repeat));
        for (let left = cell.times; left > 0; left -= perPiece) yield left >= perPiece ? piece : Buffer.from(escaped(cell.repeat).repeat(left));
        yield Buffer.from('</t></is></c>');
      }
      yield Buffer.from('</row>');
    }
    yield Buffer.from('</sheetData></worksheet>');
  };
}
