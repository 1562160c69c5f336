import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

async function rows(kind: 'api' | 'error', requestUri: string): Promise<Record<string, any>[]> {
  await logWriterOf(t.services)!.flush();
  const res = await t.call({ method: 'GET', url: `/api/blade-log/${kind}/list`, headers: admin, query: { size: '50', requestUri } });
  expect(res.body.code).toBe(200);
  return res.body.data.records;
}

describe('log rows never hold a secret carried in a query string', () => {
  it('masks a token given in the query of a call in the API log, and in the page URL of a console error', async () => {
    const token = admin['blade-auth'].replace(/^bearer /, '');
    await t.call({ method: 'POST', url: '/api/blade-system/param/remove', query: { 'Blade-Auth': `bearer ${token}`, access_token: token, ids: '0' } });
    const pageUrl = `http://console.example/#/oauth/redirect/github?access_token=${token}&client_secret=page-secret&tab=2`;
    const saved = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: admin, payload: [{ type: 'error', url: pageUrl, message: 'm', stack: '', info: '', time: '' }] });
    expect(saved.body.code).toBe(200);

    const [call] = await rows('api', '/api/blade-system/param/remove');
    expect(JSON.parse(call.params).query).toEqual({ 'Blade-Auth': '******', access_token: '******', ids: '0' });
    const [consoleError] = await rows('error', 'http://console.example');
    expect(consoleError.requestUri).toBe('http://console.example/#/oauth/redirect/github?access_token=******&client_secret=******&tab=2');
    expect(JSON.parse(consoleError.params).url).toBe(consoleError.requestUri);
    for (const row of [call, consoleError]) {
      expect(JSON.stringify(row)).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain('page-secret');
    }
  });
});
