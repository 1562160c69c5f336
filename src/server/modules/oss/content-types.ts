/** What a stored file is: its extension (when known) and MIME type. */
export interface FileKind {
  contentType: string;
  extension?: string;
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp',
  ico: 'image/x-icon', svg: 'image/svg+xml', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8', json: 'application/json', xml: 'application/xml', html: 'text/html; charset=utf-8',
  zip: 'application/zip', gz: 'application/gzip', mp3: 'audio/mpeg', mp4: 'video/mp4', webm: 'video/webm',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Types a browser may render in the page's origin without running script. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/x-icon', 'application/pdf', 'text/plain; charset=utf-8', 'audio/mpeg', 'video/mp4', 'video/webm']);

const SIGNATURES: { extension: string; bytes: number[]; offset?: number }[] = [
  { extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { extension: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { extension: 'webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
  { extension: 'bmp', bytes: [0x42, 0x4d] },
];

/** Extension from the file's first bytes (magic numbers), for the formats we tell apart. */
export function sniffExtension(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[(s.offset ?? 0) + i] === b))?.extension;
}

/** Lower-case extension of a file name when it is short and plain (attach.extension is 12 chars). */
export function extensionOf(fileName: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,12})$/.exec(fileName);
  return match ? match[1].toLowerCase() : undefined;
}

/** The bytes decide when we recognize them; else the name; else a download. */
export function kindOf(bytes: Buffer, fileName: string): FileKind {
  const extension = sniffExtension(bytes) ?? extensionOf(fileName);
  return { extension, contentType: contentTypeOf(extension) };
}

export function contentTypeOf(extension: string | undefined): string {
  return (extension && BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** `inline` for harmless types, `attachment` for anything a browser could run (html, svg). */
export function contentDisposition(contentType: string, fileName: string): string {
  const type = INLINE.has(contentType) ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
