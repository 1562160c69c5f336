import { request } from '../../../../api/http';

/** Uploads a picture to the enabled object store (BladeX put-file) and answers its link; a failure was already toasted by the API client. */
export async function uploadImage(file: File): Promise<string | undefined> {
  const form = new FormData();
  form.append('file', file);
  const data = await request<{ link: string }>({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file', form }).catch(() => undefined);
  return data?.link || undefined;
}
