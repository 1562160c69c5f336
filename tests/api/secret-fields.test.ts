import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let noMenus: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  const dept = (await deptIds(t.services))['常州布雷德'];
  await addRoleAndUser(t.services, { roleAlias: 'nomenus', account: 'nomenus', password: 'nomenus-pw', deptId: dept });
  noMenus = await t.login({ username: 'nomenus', password: 'nomenus-pw' });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api${url}`, headers: { ...headers, 'accept-language': 'en' }, query });
const submit = (url: string, payload: object) => t.call({ method: 'POST', url: `/api${url}/submit`, headers: admin, payload });

/** The stored value, read past the API. */
async function stored(modelKey: string, id: string, field: string): Promise<unknown> {
  return (await t.services.system.repo.findByKey(t.services.model(modelKey), systemContext(), id, true))?.[field];
}

const secrets = [
  { url: '/blade-resource/oss', model: 'resource/oss', field: 'secretKey', record: { category: 1, ossCode: 'sec-oss', endpoint: 'http://127.0.0.1:9000', bucketName: 'files', accessKey: 'ak', secretKey: 'oss-secret' } },
  { url: '/blade-resource/sms', model: 'resource/sms', field: 'secretKey', record: { category: 2, smsCode: 'sec-sms', templateId: 't', accessKey: 'ak', secretKey: 'sms-secret', signName: 's' } },
  { url: '/blade-system/client', model: 'system/client', field: 'clientSecret', record: { clientId: 'sec-client', clientSecret: 'client-secret', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 3600, refreshTokenValidity: 3600 } },
  { url: '/blade-system/social-client', model: 'system/social-client', field: 'clientSecret', record: { source: 'github', clientId: 'gh', clientSecret: 'social-secret' } },
];

describe('secrets need a grant and are never answered in the clear', () => {
  it('refuses the lists and details of secret-holding screens to a role without their menus', async () => {
    for (const s of secrets) {
      const id = String((await submit(s.url, s.record)).body.data.id);
      const list = await get(`${s.url}/list`, noMenus);
      expect(list.status, s.url).toBe(403);
      expect(list.body).toMatchObject({ code: 403, success: false, msg: 'you have no permission for this operation' });
      expect((await get(`${s.url}/detail`, noMenus, { id })).status, s.url).toBe(403);
    }
  });

  it('leaves secrets out of lists and masks them in details', async () => {
    for (const s of secrets) {
      const list = await get(`${s.url}/list`, admin, { size: '200' });
      const records = (list.body.data.records ?? list.body.data) as Record<string, unknown>[];
      expect(records.length, s.url).toBeGreaterThan(0);
      for (const r of records) expect(r, s.url).not.toHaveProperty(s.field);
      const id = String(records.find((r) => Object.values(s.record).includes(r.ossCode ?? r.smsCode ?? r.clientId))!.id);
      const detail = await get(`${s.url}/detail`, admin, { id });
      expect(detail.body.data[s.field], s.url).toBe('******');
    }
  });

  it('keeps the stored secret when an edit sends the mask or nothing, and stores a newly typed one', async () => {
    for (const s of secrets) {
      const list = await get(`${s.url}/list`, admin, { size: '200' });
      const records = (list.body.data.records ?? list.body.data) as Record<string, unknown>[];
      const id = String(records.find((r) => Object.values(s.record).includes(r.ossCode ?? r.smsCode ?? r.clientId))!.id);
      const detail = (await get(`${s.url}/detail`, admin, { id })).body.data;
      expect((await submit(s.url, { ...detail, remark: 'edited' })).body.code, s.url).toBe(200);
      expect(await stored(s.model, id, s.field), s.url).toBe((s.record as Record<string, unknown>)[s.field]);
      expect((await submit(s.url, { ...detail, [s.field]: '' })).body.code, s.url).toBe(200);
      expect(await stored(s.model, id, s.field), s.url).toBe((s.record as Record<string, unknown>)[s.field]);
      expect((await submit(s.url, { ...detail, [s.field]: 'typed-anew' })).body.code, s.url).toBe(200);
      expect(await stored(s.model, id, s.field), s.url).toBe('typed-anew');
    }
  });

  it('still checks the OAuth client secret at sign-in after the client was edited through its form', async () => {
    const list = await get('/blade-system/client/list', admin, { clientId: 'saber' });
    const id = String(list.body.data.records[0].id);
    const detail = (await get('/blade-system/client/detail', admin, { id })).body.data;
    expect((await submit('/blade-system/client', detail)).body.code).toBe(200);
    expect(await t.login()).toHaveProperty('blade-auth');
    const wrong = await t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: `Basic ${Buffer.from('saber:******').toString('base64')}`, 'tenant-id': '000000' }, query: { grant_type: 'password' } });
    expect(wrong.status).toBe(401);
  });
});
