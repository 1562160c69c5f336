/** What a log shows instead of a secret. */
export const MASK = '******';

/** Normalized key fragments (lower case, no `-`/`_`) that mark a value as secret. */
const SECRET_KEY = /password|passwd|secret|token|accesskey|secretkey|authorization|credential|apikey|privatekey|bladeauth|captchacode|signature/;

/** Whether a parameter or property of this name holds a secret (case, `-`, `_`, `.` ignored). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s.]/g, ''));
}
