import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../../shared/errors.js';

export const UPLOAD_LIMIT_MB = 5;
export const UPLOAD_LIMITS = { fileSize: UPLOAD_LIMIT_MB * 1024 * 1024, files: 1, fields: 20 };

export interface Upload {
  file: Buffer;
  /** The form's other fields (e.g. isCovered), as text. */
  fields: Record<string, string>;
}

/** The one uploaded file (whatever its field name) and the form fields around it. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('user.uploadMissing');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = await part.toBuffer();
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('user.uploadTooLarge', { limit: UPLOAD_LIMIT_MB }, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('user.uploadMissing');
    throw error;
  }
  if (!file || file.length === 0) throw badRequest('user.uploadMissing');
  return { file, fields };
}
