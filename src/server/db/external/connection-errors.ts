import type { ConnectionSpec } from './connection-spec.js';
import { ExternalDbError } from './external-messages.js';

const HOST_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);
/* MySQL/MariaDB error numbers and PostgreSQL SQLSTATEs. */
const AUTH_CODES = new Set(['ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', '28P01', '28000']);
const DATABASE_CODES = new Set(['ER_BAD_DB_ERROR', '3D000']);

/** Names the cause of a failed connection: host, password, database or time; never the password. */
export function classifyConnectionError(error: unknown, spec: ConnectionSpec, timeoutMs: number): ExternalDbError {
  if (error instanceof ExternalDbError) return error;
  const e = error as { code?: string; message?: string; errors?: { code?: string }[] };
  const code = e?.code ?? e?.errors?.[0]?.code ?? '';
  const message = String(e?.message ?? error);
  const where = { host: spec.host, port: spec.port };
  if (AUTH_CODES.has(code)) return new ExternalDbError('database.auth', { user: spec.user });
  if (DATABASE_CODES.has(code)) return new ExternalDbError('database.database', { database: spec.database });
  if (HOST_CODES.has(code)) return new ExternalDbError('database.host', where);
  if (TIMEOUT_CODES.has(code) || /timeout|timed out/i.test(message)) {
    return new ExternalDbError('database.timeout', { ...where, seconds: Math.round(timeoutMs / 100) / 10 });
  }
  return new ExternalDbError('database.failed', { reason: message.split(spec.password || '\u0000').join('***').slice(0, 200) });
}
