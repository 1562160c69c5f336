import { badRequest } from '../../../shared/errors.js';
import { contentTypeOf, kindOf, sniffExtension, type FileKind } from './content-types.js';

/** Spec §9: avatars are JPG or PNG of at most 500 kB (500 × 1024 bytes, as Saber counts). */
export const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_TYPES = new Set(['jpg', 'png']);

/** What an avatar is, decided by its first bytes: a renamed GIF or script is refused. */
export function avatarKind(bytes: Buffer): FileKind {
  const extension = sniffExtension(bytes);
  if (!extension || !AVATAR_TYPES.has(extension)) throw badRequest('oss.avatarType');
  if (bytes.length > AVATAR_MAX_BYTES) throw badRequest('oss.avatarSize');
  return { extension, contentType: contentTypeOf(extension) };
}

/** The kind of an upload: avatars by the avatar rule, anything else by its bytes or name. */
export function uploadKind(opts: { bytes: Buffer; originalName: string; isAvatar: boolean }): FileKind {
  return opts.isAvatar ? avatarKind(opts.bytes) : kindOf(opts.bytes, opts.originalName);
}

/** `10 MB`, `500 kB`: limits as the messages show them. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}kB`;
}
