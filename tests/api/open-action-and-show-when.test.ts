/**
 * An x-actions entry of run kind open is served nothing (the console opens another entity's
 * list with it), and showWhen is the server's rule too: a served action refuses the rows
 * whose fields do not have its values, as it refuses rows outside the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWith } from '../support/expense-schema.js';
import { shelfFiles } from '../support/shelf-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let schemas: { dir: string; remove(): void };

const post = (url: string, payload: Record<string, unknown> = {}, query: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api${url}`, headers: admin, payload, query });
const get = async (url: string, query: Record<string, string> = {}) => (await t.call({ method: 'GET', url: `/api${url}`, headers: admin, query })).body;

beforeAll(async () => {
  schemas = schemasWith(shelfFiles);
  t = await startTestApp({ schemasDir: schemas.dir, seedRegions: false });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); schemas?.remove(); });

describe('run kind open and showWhen', () => {
  it('declares no route for an action that opens a list', async () => {
    const shelf = String((await post('/demo/shelf/submit', { name: 'A', kind: 1 })).body.data.id);
    const res = await post('/demo/shelf/books', {}, { id: shelf });
    expect(res.status).toBe(404);
    const models = (await get('/atrium/schemas')).data as { key: string; actions: { key: string; run: { kind: string } }[] }[];
    expect(models.find((m) => m.key === 'demo/shelf')!.actions.find((a) => a.key === 'books')!.run).toMatchObject({ kind: 'open', entity: 'demo/book', fixed: { shelfId: 'id' } });
  });

  it('runs a served action with showWhen on matching rows and refuses the others, writing nothing', async () => {
    const shelf = String((await post('/demo/shelf/submit', { name: 'Shelf', kind: 1 })).body.data.id);
    const bin = String((await post('/demo/shelf/submit', { name: 'Bin', kind: 2 })).body.data.id);
    const refused = await post('/demo/shelf/archive', {}, { id: bin });
    expect(refused.status).toBe(404);
    expect((await get('/demo/shelf/detail', { id: bin })).data.archived).toBe(0);
    const done = await post('/demo/shelf/archive', {}, { id: shelf });
    expect(done.status).toBe(200);
    expect((await get('/demo/shelf/detail', { id: shelf })).data.archived).toBe(1);
  });
});
