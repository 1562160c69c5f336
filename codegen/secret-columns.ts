/*
 * Columns whose values must not leave the server through a generated screen: passwords and
 * their hashes, salts, tokens, API and private keys. Told by the column name's last word or
 * last two words, never by a part of a word: `pass_rate`, `passed`, `dict_key`, `file_hash`,
 * `token_type`, `sign_name` and `basalt` stay plain columns.
 */
const LAST_WORDS = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'secret', 'token', 'salt', 'credential', 'credentials',
  'apikey', 'accesskey', 'secretkey', 'privatekey',
]);
const LAST_TWO_WORDS = new Set([
  'private_key', 'api_key', 'access_key', 'secret_key', 'signing_key', 'encryption_key',
  'password_hash', 'passwd_hash', 'pwd_hash', 'token_hash',
]);

/** Whether a generated field over this column is `x-secret` (snake_case column name). */
export function isSecretColumn(column: string): boolean {
  const words = column.toLowerCase().split('_').filter(Boolean);
  return LAST_WORDS.has(words.at(-1) ?? '') || LAST_TWO_WORDS.has(words.slice(-2).join('_'));
}
