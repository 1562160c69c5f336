/** Resource endpoints used by the hand-written screens (bladex-backend §4.15). */
import { request, requestRaw } from '../../api/http';

/** What an upload answers (put-file, put-file-attach). */
export interface UploadResult {
  link: string;
  domain?: string;
  name?: string;
  originalName?: string;
  attachId?: string;
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Uploads to the enabled store and records the attachment. */
export function putFileAttach(file: File): Promise<UploadResult> {
  return request<UploadResult>({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file-attach', form: fileForm(file) });
}

