/** Whether a database error is a unique-index violation (SQLSTATE 23505, PostgreSQL and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
