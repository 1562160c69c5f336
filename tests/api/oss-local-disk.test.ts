import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PUT = '/api/blade-resource/oss/endpoint/put-file';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

async function multipart(file: { name: string; bytes: Buffer } | undefined, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function upload(headers: Record<string, string>, file: { name: string; bytes: Buffer }, query: Record<string, string> = {}, url = PUT) {
  const body = await multipart(file);
  return t.call({ method: 'POST', url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload, query });
}

const tenantFiles = (tenantId: string): string[] => {
  const root = join(t.services.config.filesDir, tenantId);
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name) : [];
};

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

describe('the built-in local-disk store', () => {
  it('stores an upload under the tenant folder and serves it back through the signed link', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('pixels')]);
    const res = await upload(a, { name: 'photo.PNG', bytes });
    expect(res.body).toMatchObject({ code: 200, success: true });
    const { link, domain, name, originalName } = res.body.data;
    expect(originalName).toBe('photo.PNG');
    expect(name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(domain).toBe('/api/blade-resource/oss/endpoint/file/000000');
    expect(link.startsWith(`${domain}/${name}?sign=`)).toBe(true);

    const got = await t.app.inject({ method: 'GET', url: link });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{32}\.png"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('records every upload as an attachment of the caller tenant', async () => {
    const res = await upload(a, { name: 'recorded.png', bytes: PNG });
    expect(res.body.data.attachId).toMatch(/^\d+$/);
    const attach = await t.call({ method: 'GET', url: '/api/blade-resource/attach/detail', headers: a, query: { id: res.body.data.attachId } });
    expect(attach.body.data).toMatchObject({ originalName: 'recorded.png', extension: 'png', attachSize: PNG.length });
    const fromB = await t.call({ method: 'GET', url: '/api/blade-resource/attach/detail', headers: b, query: { id: res.body.data.attachId } });
    expect(fromB.status).toBe(404);
  });

  it('serves a file to a token of its tenant without the signature, and to nobody else', async () => {
    const { link } = (await upload(a, { name: 'a.png', bytes: PNG })).body.data;
    const unsigned = link.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: unsigned, headers: a })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${unsigned}?sign=forged` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: unsigned, headers: b })).statusCode).toBe(404);
  });

  it('sends html and svg as downloads, never inline', async () => {
    const res = await upload(a, { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') });
    const got = await t.app.inject({ method: 'GET', url: res.body.data.link });
    expect(got.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses names that leave the folder, raw or encoded, before touching the disk', async () => {
    writeFileSync(join(t.services.config.dataDir, 'secret.txt'), 'TOP-SECRET');
    const bFile = (await upload(b, { name: 'b.png', bytes: Buffer.concat([PNG, Buffer.from('B-ONLY')]) })).body.data.name;
    const base = '/api/blade-resource/oss/endpoint/file';
    const attempts = [
      `${base}/000000/../secret.txt`,
      `${base}/000000/../../secret.txt`,
      `${base}/000000/..%2F..%2Fsecret.txt`,
      `${base}/000000/%2e%2e/%2e%2e/secret.txt`,
      `${base}/000000/%252e%252e%252f%252e%252e%252fsecret.txt`,
      `${base}/000000/..%5C..%5Csecret.txt`,
      `${base}/..%2F..%2Fsecret.txt`,
      `${base}/000000/..%2F000001%2F${encodeURIComponent(bFile)}`,
      `${base}/000000/upload/%00.png`,
      `${base}/000000//etc/passwd`,
      `${base}/000000/..;/..;/secret.txt`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url, headers: a });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/TOP-SECRET|B-ONLY/);
    }
    const named = await t.call({ method: 'GET', url: `${base}/000000/..%2F..%2Fsecret.txt`, headers: { ...a, 'accept-language': 'en' } });
    expect(named.body).toMatchObject({ code: 400, msg: 'invalid file name' });
    const removed = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-file', headers: a, query: { fileName: '../secret.txt' } });
    expect(removed.body).toMatchObject({ code: 400, msg: '文件名称不合法' });
    expect(readFileSync(join(t.services.config.dataDir, 'secret.txt'), 'utf8')).toBe('TOP-SECRET');
  });

  it('removes a stored file (remove-file), for administrators only', async () => {
    const { name, link } = (await upload(a, { name: 'gone.png', bytes: PNG })).body.data;
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-file', headers: a, query: { fileName: name } });
    expect(res.body).toMatchObject({ code: 200, success: true });
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('answers a clear 400 for a request without a file and for an unknown configuration code', async () => {
    const json = await t.call({ method: 'POST', url: PUT, headers: a, payload: { file: 'x' } });
    expect(json.body).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
    const wrongField = await multipart(undefined, { other: 'x' });
    const res = await t.call({ method: 'POST', url: PUT, headers: { ...a, 'content-type': wrongField.contentType }, payload: wrongField.payload });
    expect(res.body.code).toBe(400);
    const unknown = await upload({ ...a, 'accept-language': 'en' }, { name: 'a.png', bytes: PNG }, { code: 'nope' });
    expect(unknown.body).toMatchObject({ code: 400, msg: 'no object storage configuration has the code nope' });
  });

  it('keeps each tenant in its own folder: B cannot remove A\'s file by name', async () => {
    const { name, link } = (await upload(a, { name: 'kept.png', bytes: PNG })).body.data;
    const before = tenantFiles('000000').length;
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-file', headers: b, query: { fileName: name } });
    expect(res.body.code).toBe(200);
    const many = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-files', headers: b, query: { fileNames: `${name},${name}` } });
    expect(many.body.code).toBe(200);
    expect(tenantFiles('000000').length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const own = await upload(b, { name: 'b.png', bytes: PNG });
    expect(own.body.data.domain).toBe('/api/blade-resource/oss/endpoint/file/000001');
  });
});
