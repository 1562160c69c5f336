import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With DATABASE_URL set, each test app gets a database of its own on that server
 * (created here, dropped at the end), so suites never see each other's rows: empty, or a
 * copy of `template` (a seeded one, tests/support/seeded-templates.ts).
 */
export async function createTestDatabase(baseUrl: string, opts: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `atrium_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(opts.template ? `create database ${name} template ${opts.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
