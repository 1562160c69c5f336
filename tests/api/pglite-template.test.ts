import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import { templatePath } from '../../src/server/db/pglite-template.js';

// Always the embedded database, whatever DATABASE_URL the run has.
const root = mkdtempSync(join(tmpdir(), 'atrium-pglite-template-'));
const cache = join(root, 'cache');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const open = (dataDir: string) => openDatabase({ dataDir, embeddedTemplateCache: cache });
const tables = async (db: Awaited<ReturnType<typeof open>>) =>
  (await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = 'public' order by 1`.execute(db.db)).rows.map((r) => r.t);

describe('a new embedded data folder', () => {
  it('starts as a copy of the cached empty cluster, made by the first one and never written to after', async () => {
    const first = await open(join(root, 'first'));
    await sql`create table kept (id int)`.execute(first.db);
    await sql`insert into kept values (1)`.execute(first.db);
    await first.close();
    expect(existsSync(join(templatePath(cache), 'PG_VERSION'))).toBe(true);
    expect(readdirSync(cache)).toEqual([templatePath(cache).split('/').pop()]);

    const second = await open(join(root, 'second'));
    expect(await tables(second)).toEqual([]);
    await sql`create table own (id int)`.execute(second.db);
    await second.close();

    const again = await open(join(root, 'first'));
    expect(await tables(again)).toEqual(['kept']);
    expect((await sql<{ n: number }>`select count(*)::int as n from kept`.execute(again.db)).rows[0].n).toBe(1);
    await again.close();
    const third = await open(join(root, 'third'));
    expect(await tables(third)).toEqual([]);
    await third.close();
  }, 120_000);

  it('holding anything already is left to PGlite, never replaced by the copy', async () => {
    const dataDir = join(root, 'occupied');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'note.txt'), 'mine');
    const db = await open(dataDir).catch((error: Error) => error);
    if (!(db instanceof Error)) await db.close();
    expect(readdirSync(join(dataDir, 'pglite'))).toContain('note.txt');
  }, 120_000);
});
