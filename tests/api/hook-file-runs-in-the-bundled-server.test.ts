/**
 * `npm start` runs the server bundle in plain Node, which compiles a `.ts` hook file on its
 * own (through tsx): its `atrium/hooks` import resolves to the project (package.json
 * "exports"), its writes take the bundle's one write path, and the AtriumError it throws,
 * made by its own copy of the module, is answered as the bundle's own refusals are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWithClaim } from '../support/claim-schema.js';
import { request, signedIn } from '../support/cluster-client.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ADMIN_PASSWORD = 'bundled-hook-file-admin';
let server: ServerProcess;
let schemas: ReturnType<typeof schemasWithClaim>;
let headers: Record<string, string>;

beforeAll(async () => {
  schemas = schemasWithClaim();
  server = await startServerProcess({ SCHEMAS_DIR: schemas.dir, ADMIN_PASSWORD });
  headers = await signedIn(server.port, ADMIN_PASSWORD);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  schemas?.remove();
});

describe('a hook file in the bundled server', () => {
  it('writes through the one write path and refuses with its typed error, in the caller\'s language', async () => {
    const saved = await request(server.port, 'POST', '/api/demo/claim/submit', { headers, body: { title: 'Taxi', amount: 40 } });
    const id = String(saved.body.data.id);
    const raised = await request(server.port, 'POST', `/api/demo/claim/raise?id=${id}&amount=80`, { headers });
    expect(raised.body).toMatchObject({ code: 200 });
    const invalid = await request(server.port, 'POST', `/api/demo/claim/raise?id=${id}&amount=5000`, { headers: { ...headers, 'accept-language': 'en' } });
    expect([invalid.status, invalid.body.msg]).toEqual([400, 'Amount must be at most 1000']);
    const refused = await request(server.port, 'POST', `/api/demo/claim/refuse?id=${id}`, { headers });
    expect([refused.status, refused.body.msg]).toEqual([400, '不予报销']);
    const detail = await request(server.port, 'GET', `/api/demo/claim/detail?id=${id}`, { headers });
    expect(detail.body.data).toMatchObject({ amount: 80, note: expect.stringMatching(/via raise$/) });
  });
});
