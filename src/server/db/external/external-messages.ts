import { fillPlaceholders } from '../../../shared/i18n/messages.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';

/** Texts of connections to other databases; `{name}` placeholders are filled by ExternalDbError.text. */
export const externalMessages = {
  host: { zh: '无法连接数据库服务器 {host}:{port},请检查连接地址和端口', en: 'cannot reach the database server {host}:{port}: check the host and port of the URL' },
  auth: { zh: '数据库用户名或密码错误(用户 {user})', en: 'wrong database user name or password (user {user})' },
  database: { zh: '数据库 {database} 不存在', en: 'the database {database} does not exist' },
  timeout: { zh: '连接数据库 {host}:{port} 超时({seconds} 秒)', en: 'the database server {host}:{port} did not answer within {seconds} s' },
  driver: { zh: '不支持的驱动类: {driver}(可用 MySQL/MariaDB、PostgreSQL 或内置数据库)', en: 'unsupported driver {driver}: use MySQL/MariaDB, PostgreSQL or the embedded database' },
  url: { zh: '连接地址格式不正确: {url}', en: 'the connection URL is not valid: {url}' },
  failed: { zh: '连接数据库失败: {reason}', en: 'connecting to the database failed: {reason}' },
  tableName: { zh: '表名不合法: {table}(只能包含字母、数字和下划线)', en: 'invalid table name {table}: only letters, digits and underscores are allowed' },
  tableMissing: { zh: '表 {table} 不存在', en: 'the table {table} does not exist' },
} satisfies Record<string, LocalText>;

export type ExternalMessage = keyof typeof externalMessages;

/** A failure to reach or read another database, translated where a caller's language is known. */
export class ExternalDbError extends Error {
  constructor(readonly key: ExternalMessage, readonly params: Record<string, string | number> = {}) {
    super(fillPlaceholders(externalMessages[key].en, params));
    this.name = 'ExternalDbError';
  }

  text(lang: Lang): string {
    return fillPlaceholders(externalMessages[this.key][lang], this.params);
  }
}
