import { badRequest } from '../../../shared/errors.js';
import type { FastifyRequest } from 'fastify';

/** One uploaded file, read whole (uploads are capped, so memory is bounded). */
export interface UploadedFile {
  originalName: string;
  bytes: Buffer;
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
}

const TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** `C:\fakepath\a.png` and `dir/a.png` → `a.png`; control characters dropped; at most 255 chars. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-255) || 'file';
}

function textFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const value = (Array.isArray(entry) ? entry[0] : entry) as { type?: string; value?: unknown } | undefined;
    if (value?.type === 'field') out[name] = String(value.value);
  }
  return out;
}

/**
 * The multipart field `file`, refused with a clear message when it is missing or larger
 * than `maxBytes` (`onTooLarge` names the message: the avatar rule has its own).
 */
export async function readUpload(request: FastifyRequest, opts: { maxBytes: number; onTooLarge: () => Error }): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('oss.fileMissing');
  const part = await request.file({ limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 4096 } });
  if (!part || part.fieldname !== 'file') throw badRequest('oss.fileMissing');
  try {
    const bytes = await part.toBuffer();
    return { originalName: cleanFileName(part.filename), bytes, fields: textFields(part.fields) };
  } catch (error) {
    if ((error as { code?: string }).code === TOO_LARGE) throw opts.onTooLarge();
    throw error;
  }
}
