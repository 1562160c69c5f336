import { AppError, ErrorCodes } from '../../shared/errors.js';
import { message as message_, type Translatable } from '../../shared/i18n/translate.js';
import type { EntityModel } from '../../shared/schema/entity-model.js';

/* Driver codes of a connection that could not be made or was refused (mysql2, pg, node). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST',
  'ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR', '28P01', '28000', '3D000', '57P01', '57P03',
]);
/* The table's columns or types are not what the schema says (MySQL errors, PostgreSQL SQLSTATEs). */
const MISMATCH_CODES = /^(ER_BAD_FIELD_ERROR|ER_NO_SUCH_TABLE|ER_TRUNCATED_WRONG_VALUE.*|ER_DATA_TOO_LONG|ER_WARN_DATA_OUT_OF_RANGE|ER_NO_DEFAULT_FOR_FIELD|ER_BAD_NULL_ERROR|22...|23502|42703|42804|42P01)$/;

/* A table the data source lacks, and a column the table lacks (MySQL/MariaDB, PostgreSQL). */
const MISSING_TABLE_CODES = new Set(['ER_NO_SUCH_TABLE', '42P01']);
const MISSING_COLUMN_CODES = new Set(['ER_BAD_FIELD_ERROR', '42703']);
/* The column a driver names: Unknown column 'isbn' in 'field list', column "isbn" does not exist. */
const NAMED_COLUMN = /column [`'"]?(?:[\w]+\.)*([\w]+)[`'"]?/i;

/** What differs, in words staff know: no table, a column missing (named), else the database's first line. */
function mismatchReason(code: string, message: string): Translatable {
  if (MISSING_TABLE_CODES.has(code)) return message_('dataSource.tableMissing');
  const column = MISSING_COLUMN_CODES.has(code) ? NAMED_COLUMN.exec(message)?.[1] : undefined;
  if (column) return message_('dataSource.columnMissing', { column });
  return { zh: message, en: message };
}

/**
 * A failed query of an `x-datasource` entity: an unreachable data source (503) or a table
 * that does not match its schema (500), each told with the data source's name (its id only
 * while its pool never answered) and the entity's label, never an id or a file path;
 * other errors pass through.
 */
export function datasourceErrorFor(input: { error: unknown; model: EntityModel; sourceName?: string }): unknown {
  const { error, model } = input;
  if (!model.datasource || error instanceof AppError) return error;
  const name = input.sourceName ?? model.datasource;
  const e = error as { code?: unknown; errors?: { code?: string }[]; message?: string };
  const code = String(e?.code ?? e?.errors?.[0]?.code ?? '');
  if (CONNECTION_CODES.has(code)) {
    return new AppError('dataSource.unreachable', { name, reason: code }, 503, { code: ErrorCodes.INTERNAL });
  }
  if (MISMATCH_CODES.test(code)) {
    const reason = mismatchReason(code, String(e?.message ?? code).split('\n')[0].slice(0, 200));
    return new AppError('dataSource.mismatch', { name, entity: model.label, table: model.table, reason }, 500, { code: ErrorCodes.SCHEMA_DRIFT });
  }
  return error;
}
