/** Rules of the profile screen (spec §5 Phone, Avatar upload), as message keys under `info.`. */
import { siteConfig } from '../../site-config';

export type PhoneProblem = 'phoneRequired' | 'phoneLength' | 'phoneFormat';
export type AvatarProblem = 'avatarType' | 'avatarSize';

const MOBILE = /^1[3-9]\d{9}$/;
const AVATAR_TYPES = ['image/jpeg', 'image/png'];

/** In order: empty, length other than 11, not a mobile number. */
export function phoneProblem(value: string | undefined): PhoneProblem | undefined {
  const phone = (value ?? '').trim();
  if (!phone) return 'phoneRequired';
  if (phone.length !== siteConfig.phoneLength) return 'phoneLength';
  if (!MOBILE.test(phone)) return 'phoneFormat';
  return undefined;
}

/** Checked in the browser before any upload: JPG/PNG only, at most 500 kB. */
export function avatarProblem(file: { type: string; size: number }): AvatarProblem | undefined {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatarType';
  if (file.size > siteConfig.avatarMaxBytes) return 'avatarSize';
  return undefined;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export type PasswordProblems = Partial<Record<keyof PasswordForm, 'oldRequired' | 'newRequired' | 'confirmRequired' | 'mismatch'>>;

/** Every field's problem: the three are required and the two new ones must match. */
export function passwordProblems(form: PasswordForm): PasswordProblems {
  const problems: PasswordProblems = {};
  if (!form.oldPassword) problems.oldPassword = 'oldRequired';
  if (!form.newPassword) problems.newPassword = 'newRequired';
  if (!form.newPassword1) problems.newPassword1 = 'confirmRequired';
  else if (form.newPassword && form.newPassword1 !== form.newPassword) problems.newPassword1 = 'mismatch';
  return problems;
}
