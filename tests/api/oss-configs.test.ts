import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

const OSS = '/api/blade-resource/oss';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

const rows = async (headers = a) => (await t.call({ method: 'GET', url: `${OSS}/list`, headers, query: { size: '200' } })).body.data.records as Record<string, unknown>[];
const enabled = async (headers = a) => (await rows(headers)).filter((r) => r.status === 2).map((r) => r.ossCode);

async function submit(record: Record<string, unknown>, lang = 'zh') {
  return t.call({ method: 'POST', url: `${OSS}/submit`, headers: { ...a, 'accept-language': lang }, payload: record });
}

const minio = (ossCode: string) => ({ category: 1, ossCode, endpoint: 'http://127.0.0.1:9000', bucketName: 'files', accessKey: 'ak', secretKey: 'sk' });

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

describe('OSS configurations', () => {
  it('start with the enabled local-disk row on a fresh install', async () => {
    const [local] = (await rows()).filter((r) => r.ossCode === 'local');
    expect(local).toMatchObject({ category: 5, status: 2, tenantId: '000000' });
    const dict = await t.call({ method: 'GET', url: '/api/blade-system/dict/dictionary', headers: a, query: { code: 'oss' } });
    expect(dict.body.data.map((d: { dictKey: string }) => d.dictKey)).toContain('5');
  });

  it('show the secret key masked to the administrators who edit them, never in lists', async () => {
    const id = (await submit(minio('shown'))).body.data.id;
    const detail = await t.call({ method: 'GET', url: `${OSS}/detail`, headers: a, query: { id } });
    expect(detail.body.data.secretKey).toBe('******');
    expect((await rows()).find((r) => r.id === id)).not.toHaveProperty('secretKey');
  });

  it('enable switches on exactly the named row and every other row of the tenant off', async () => {
    const first = (await submit(minio('first'))).body.data.id;
    const second = (await submit(minio('second'))).body.data.id;
    expect((await t.call({ method: 'POST', url: `${OSS}/enable`, headers: a, query: { id: first } })).body.code).toBe(200);
    expect(await enabled()).toEqual(['first']);
    expect((await t.call({ method: 'POST', url: '/blade-resource/oss/enable', headers: a, payload: { id: second } })).body.code).toBe(200);
    expect(await enabled()).toEqual(['second']);
    expect((await submit({ ...minio('third'), status: 2 })).body.code).toBe(200);
    expect(await enabled()).toEqual(['third']);
  });

  it('refuse an S3 configuration without its endpoint, bucket and keys (nothing stored); local needs none', async () => {
    const count = (await rows()).length;
    const res = await submit({ category: 3, ossCode: 'ali-empty' }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('please enter the endpoint');
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['accessKey', 'bucketName', 'endpoint', 'secretKey']);
    const zh = await submit({ ...minio('no-secret'), secretKey: '' });
    expect(zh.body.msg).toBe('请输入secretKey');
    const bad = await submit({ ...minio('bad-endpoint'), endpoint: 'file:///etc/passwd' });
    expect(bad.body.msg).toBe('资源地址须为 http(s) 地址或主机名');
    expect((await rows()).length).toBe(count);
    expect((await submit({ category: 5, ossCode: 'disk2' })).body.code).toBe(200);
  });

  it('refuse a duplicate resource code with BladeX\'s message', async () => {
    await submit(minio('dup'));
    const res = await submit(minio('dup'));
    expect(res.body).toMatchObject({ code: 400, msg: '当前资源编号已存在!' });
  });

  it('belong to one tenant: B can neither enable, read nor change A\'s rows', async () => {
    const id = (await submit(minio('a-only'))).body.data.id;
    await t.call({ method: 'POST', url: `${OSS}/enable`, headers: a, query: { id } });
    const before = await rows();
    const enable = await t.call({ method: 'POST', url: `${OSS}/enable`, headers: b, query: { id } });
    expect(enable.status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${OSS}/detail`, headers: b, query: { id } })).status).toBe(404);
    expect((await rows(b)).map((r) => r.id)).not.toContain(id);
    expect(await rows()).toEqual(before);
    expect(await enabled()).toEqual(['a-only']);
  });
});
