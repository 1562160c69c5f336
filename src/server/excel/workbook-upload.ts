import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../shared/errors.js';
import type { TextKey } from '../../shared/i18n/translate.js';
import { UPLOAD_BYTES, uploadTooLarge } from './workbook-limits.js';

/** @fastify/multipart's limits for a scope that takes workbook uploads. */
export const WORKBOOK_MULTIPART = { fileSize: UPLOAD_BYTES, files: 1, fields: 20 };

/** Whether a multipart failure is the upload going past WORKBOOK_MULTIPART's file size. */
export const isUploadTooLarge = (error: unknown) => (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';

export interface WorkbookUpload {
  file: Buffer;
  /** The form's other fields (e.g. isCovered), as text. */
  fields: Record<string, string>;
}

/** The one uploaded file (whatever its field name), read whole, and the form fields around it; `missing` when there is none. */
export async function readWorkbookUpload(request: FastifyRequest, missing: TextKey): Promise<WorkbookUpload> {
  if (!request.isMultipart()) throw badRequest(missing);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = await part.toBuffer();
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    if (isUploadTooLarge(error)) throw uploadTooLarge();
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(missing);
    throw error;
  }
  if (!file || file.length === 0) throw badRequest(missing);
  return { file, fields };
}
