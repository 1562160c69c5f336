import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** Messages of the object-storage module; `{name}` placeholders are filled by ossText. */
const ossMessages = {
  avatarType: { zh: '上传头像图片只能是 JPG/PNG 格式!', en: 'the avatar image must be a JPG or PNG file' },
  avatarSize: { zh: '上传头像图片大小不能超过 500kb!', en: 'the avatar image must not be larger than 500 kB' },
  tooLarge: { zh: '上传文件大小不能超过 {limit}!', en: 'the file must not be larger than {limit}' },
  fileMissing: { zh: '请选择要上传的文件', en: 'please choose a file to upload (multipart field "file")' },
  codeUnknown: { zh: '对象存储配置不存在: {code}', en: 'no object storage configuration has the code {code}' },
  nameInvalid: { zh: '文件名称不合法', en: 'invalid file name' },
  uploadFailed: { zh: '文件上传失败: {reason}', en: 'upload failed: {reason}' },
  removeFailed: { zh: '文件删除失败: {reason}', en: 'removing the file failed: {reason}' },
  adminOnly: { zh: '仅管理员可以删除文件', en: 'only administrators can remove files' },
  enabled: { zh: '启用成功', en: 'enabled' },
} satisfies Record<string, LocalText>;

export type OssMessage = keyof typeof ossMessages;

export function ossText(lang: Lang, key: OssMessage, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(ossMessages[key][lang], params);
}

export function ossError(lang: Lang, key: OssMessage, params?: Record<string, string | number>): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: ossText(lang, key, params) });
}
