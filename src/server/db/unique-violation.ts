/**
 * Whether a database error is a unique-index violation: SQLSTATE 23505 (PostgreSQL, PGlite),
 * or ER_DUP_ENTRY from a MySQL data source (`x-datasource`).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'ER_DUP_ENTRY';
}
