/*
 * PostgreSQL binds at most 65,535 parameters to one statement. Past that, pg and PGlite
 * send a bind message the server refuses with 08P01 (protocol violation) from
 * exec_bind_message: a class-08 code, but the connection stays usable. The query was too
 * big for the request's input; the database is fine.
 */
const BIND_MESSAGE = /^bind message /;

/** Whether a query failed because it bound more parameters than PostgreSQL takes. */
export function isTooManyParameters(error: unknown): boolean {
  const e = error as { code?: unknown; routine?: unknown; message?: unknown } | undefined;
  return e?.code === '08P01' && (e.routine === 'exec_bind_message' || BIND_MESSAGE.test(String(e.message ?? '')));
}
