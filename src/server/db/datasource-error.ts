import { AppError, ErrorCodes } from '../../shared/errors.js';
import type { EntityModel } from '../../shared/schema/entity-model.js';

/* Driver codes of a connection that could not be made or was refused (mysql2, pg, node). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST',
  'ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR', '28P01', '28000', '3D000', '57P01', '57P03',
]);
/* The table's columns or types are not what the schema says (MySQL errors, PostgreSQL SQLSTATEs). */
const MISMATCH_CODES = /^(ER_BAD_FIELD_ERROR|ER_NO_SUCH_TABLE|ER_TRUNCATED_WRONG_VALUE.*|ER_DATA_TOO_LONG|ER_WARN_DATA_OUT_OF_RANGE|ER_NO_DEFAULT_FOR_FIELD|ER_BAD_NULL_ERROR|22...|23502|42703|42804|42P01)$/;

/**
 * A failed query of an `x-datasource` entity: an unreachable data source (503) or a table
 * that does not match its schema file (500), each named; other errors pass through.
 */
export function datasourceErrorFor(error: unknown, model: EntityModel): unknown {
  if (!model.datasource || error instanceof AppError) return error;
  const e = error as { code?: unknown; errors?: { code?: string }[]; message?: string };
  const code = String(e?.code ?? e?.errors?.[0]?.code ?? '');
  if (CONNECTION_CODES.has(code)) {
    return new AppError('dataSource.unreachable', { name: model.datasource, reason: code }, 503, { code: ErrorCodes.INTERNAL });
  }
  if (MISMATCH_CODES.test(code)) {
    const reason = String(e?.message ?? code).split('\n')[0].slice(0, 200);
    return new AppError('dataSource.mismatch', { name: model.datasource, table: model.table, source: model.source, reason }, 500, { code: ErrorCodes.SCHEMA_DRIFT });
  }
  return error;
}
