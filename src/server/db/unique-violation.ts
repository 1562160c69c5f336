/**
 * Whether a database error is a unique-index violation: SQLSTATE 23505 (PostgreSQL, PGlite),
 * or ER_DUP_ENTRY from a MySQL data source (`x-datasource`).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'ER_DUP_ENTRY';
}

/** Runs a seed's insert, skipping the duplicate another process starting beside this one wrote first. */
export async function unlessDuplicate(insert: Promise<unknown>): Promise<void> {
  await insert.catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
  });
}
