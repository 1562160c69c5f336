/** The caller's own account: profile, avatar upload, password (BladeX blade-user and OSS endpoints). */
import { request } from '../../api/http';
import { md5 } from '../../session/md5';
import type { PasswordForm } from './profile-rules';

export interface Profile {
  id?: string;
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export async function fetchProfile(): Promise<Profile> {
  const user = await request<Partial<Profile>>({ url: '/blade-user/info' });
  return { id: user.id, avatar: user.avatar ?? '', realName: user.realName ?? '', name: user.name ?? '', phone: user.phone ?? '', email: user.email ?? '' };
}

export function updateProfile(profile: Profile): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-user/update-info', data: profile });
}

/** Uploads the avatar (multipart field `file`, `type=avatar`) and answers its link. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const data = await request<{ link: string }>({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file', params: { type: 'avatar' }, form });
  return data.link;
}

/** All three md5-hashed, as BladeX query parameters. */
export function updatePassword(form: PasswordForm): Promise<unknown> {
  const params = { oldPassword: md5(form.oldPassword), newPassword: md5(form.newPassword), newPassword1: md5(form.newPassword1) };
  return request({ method: 'POST', url: '/blade-user/update-password', params });
}
