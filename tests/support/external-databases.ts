import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/** The machine's MariaDB and PostgreSQL (override with MYSQL_TEST_URL / PG_TEST_URL). */
export const MYSQL_URL = process.env.MYSQL_TEST_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A table name no other test run uses. */
export const uniqueTable = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Runs DDL/DML on the MariaDB test database. */
export async function onMysql(...statements: string[]): Promise<void> {
  const c = await createConnection({ uri: MYSQL_URL, multipleStatements: false });
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

/** Runs DDL/DML on the PostgreSQL test database. */
export async function onPostgres(...statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

/** Rows of a query on the MariaDB test database. */
export async function mysqlRows(query: string): Promise<[Record<string, unknown>[]]> {
  const c = await createConnection({ uri: MYSQL_URL });
  try {
    const [rows] = await c.query(query);
    return [rows as Record<string, unknown>[]];
  } finally {
    await c.end();
  }
}
