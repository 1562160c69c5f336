import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../../../shared/schema/entity-model.js';
import { ErrorCodes } from '../../../../shared/errors.js';
import { userError, userFailure } from '../user-errors.js';

export const UPLOAD_LIMIT_MB = 5;
export const UPLOAD_LIMITS = { fileSize: UPLOAD_LIMIT_MB * 1024 * 1024, files: 1, fields: 20 };

export interface Upload {
  file: Buffer;
  /** The form's other fields (e.g. isCovered), as text. */
  fields: Record<string, string>;
}

/** The one uploaded file (whatever its field name) and the form fields around it. */
export async function readUpload(request: FastifyRequest, lang: Lang): Promise<Upload> {
  if (!request.isMultipart()) throw userError(lang, 'uploadMissing');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = await part.toBuffer();
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw userFailure({ lang, key: 'uploadTooLarge', params: { limit: UPLOAD_LIMIT_MB }, code: ErrorCodes.BAD_REQUEST, status: 413 });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw userError(lang, 'uploadMissing');
    throw error;
  }
  if (!file || file.length === 0) throw userError(lang, 'uploadMissing');
  return { file, fields };
}
