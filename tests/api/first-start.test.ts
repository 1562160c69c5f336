import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { BASIC } from '../support/test-app.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);
afterAll(() => server?.stop());

const base = () => `http://127.0.0.1:${server.port}`;

function signIn(username: string, password: string) {
  const query = new URLSearchParams({ tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' });
  return fetch(`${base()}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } })
    .then((res) => res.json() as Promise<Record<string, any>>);
}

/** Whether something accepts a connection on that address and port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

async function logged(text: string): Promise<string> {
  for (let i = 0; i < 50 && !server.output().includes(text); i += 1) await new Promise((r) => setTimeout(r, 100));
  return server.output();
}

describe('a fresh npm start', () => {
  it('listens on the loopback address only when HOST is not set', async () => {
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    const outside = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) expect(await accepts(outside.address, server.port)).toBe(false);
    // The log line is written asynchronously (pino): wait for it as the other tests here do.
    const listening = (await logged('Server listening at')).split('\n').filter((line) => line.includes('Server listening at'));
    expect(listening.length).toBeGreaterThan(0);
    for (const line of listening) expect(line).toContain(`http://127.0.0.1:${server.port}`);
  });

  it('keeps tokens, secrets and passwords in the query string out of the request log', async () => {
    const marker = `marker${Date.now()}`;
    await fetch(`${base()}/api/blade-user/export-user?blade-auth=bearer%20eyJhbGciOiJIUzI1NiJ9.leaked-blade-auth&access_token=leaked-access-token&${marker}=1`);
    await fetch(`${base()}/api/blade-system/param/list?Blade-Auth=leaked-header-token&client_secret=leaked-secret&newPassword=leaked-password&${marker}=2`);
    const output = await logged(`${marker}=2`);
    expect(output).toContain(`access_token=******&${marker}=1`);
    for (const secret of ['leaked-blade-auth', 'leaked-access-token', 'leaked-header-token', 'leaked-secret', 'leaked-password']) expect(output).not.toContain(secret);
  });

  it('lets the demo accounts the welcome page lists sign in with 123456 and see the desk menus', async () => {
    for (const [account, roleName] of [['hr', 'hr'], ['manager', 'manager'], ['boss', 'boss']]) {
      const token = await signIn(account, '123456');
      expect(token, JSON.stringify(token)).toMatchObject({ account, tenant_id: '000000', role_name: roleName });
      const routes = await fetch(`${base()}/api/blade-system/menu/routes`, { headers: { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` } })
        .then((res) => res.json() as Promise<Record<string, any>>);
      expect(routes.code).toBe(200);
      const desk = routes.data.find((m: any) => m.path === '/desk');
      expect(desk?.children?.map((m: any) => m.path)).toContain('/desk/notice');
    }
    expect(await signIn('hr', 'hr')).toMatchObject({ error_code: 400 });
  });
});
