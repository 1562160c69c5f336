import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The client address the API log recorded for a call sent through a proxy. */
async function loggedAddress(app: TestApp): Promise<string> {
  const admin = await app.login();
  const marker = '/api/blade-system/param/submit';
  const saved = await app.call({
    method: 'POST', url: marker, headers: { ...admin, 'x-forwarded-for': '203.0.113.7' }, remoteAddress: '10.0.0.2',
    payload: { paramName: 'proxy', paramKey: 'proxy.test', paramValue: 'v' },
  });
  expect(saved.status).toBe(200);
  await logWriterOf(app.services)!.flush();
  const res = await app.call({ method: 'GET', url: '/api/blade-log/api/list', headers: admin, query: { requestUri: marker } });
  return res.body.data.records[0].remoteIp;
}

describe('client address behind a reverse proxy', () => {
  it('is the socket address by default: a forwarded header cannot pose as another client', async () => {
    t = await startTestApp();
    expect(await loggedAddress(t)).toBe('10.0.0.2');
  });

  it('is the forwarded client when the proxy is trusted (TRUST_PROXY)', async () => {
    t = await startTestApp({ trustProxy: ['10.0.0.0/8'] });
    expect(await loggedAddress(t)).toBe('203.0.113.7');
  });

  it('reads TRUST_PROXY as true, a hop count or addresses, and refuses anything else', () => {
    const read = (value?: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(read(undefined)).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.0/8, 127.0.0.1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(() => read('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});
