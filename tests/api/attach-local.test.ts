import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

const ATTACH = '/api/blade-resource/attach';
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n');

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

async function attach(headers: Record<string, string>, name = 'report.pdf', bytes = PDF) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', payload, headers: { ...headers, 'content-type': encoded.headers.get('content-type')! } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { attachId: string; link: string; domain: string; name: string; originalName: string };
}

const onDisk = (tenantId: string, name: string) => existsSync(join(t.services.config.filesDir, tenantId, name));

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

describe('attachments', () => {
  it('are recorded by put-file-attach with link, domain, names, extension and size', async () => {
    const file = await attach(a, '季度报告.pdf');
    expect(file.attachId).toMatch(/^\d+$/);
    const detail = await t.call({ method: 'GET', url: `${ATTACH}/detail`, headers: a, query: { id: file.attachId } });
    expect(detail.body.data).toMatchObject({
      link: file.link, domainUrl: file.domain, name: file.name, originalName: '季度报告.pdf', extension: 'pdf', attachSize: PDF.length,
    });
    const list = await t.call({ method: 'GET', url: `${ATTACH}/list`, headers: a, query: { originalName: '季度' } });
    expect(list.body.data.records.map((r: { id: string }) => r.id)).toEqual([file.attachId]);
    const got = await t.app.inject({ method: 'GET', url: file.link });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''");
  });

  it('take their stored file with them when removed', async () => {
    const file = await attach(a);
    expect(onDisk('000000', file.name)).toBe(true);
    const res = await t.call({ method: 'POST', url: `${ATTACH}/remove`, headers: a, query: { ids: file.attachId } });
    expect(res.body.code).toBe(200);
    expect(onDisk('000000', file.name)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: file.link })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${ATTACH}/detail`, headers: a, query: { id: file.attachId } })).status).toBe(404);
  });

  it('belong to one tenant: B can neither list, read, remove nor fetch A\'s', async () => {
    const file = await attach(a);
    const own = await attach(b, 'b.pdf');
    const listed = await t.call({ method: 'GET', url: `${ATTACH}/list`, headers: b, query: { size: '200' } });
    const ids = listed.body.data.records.map((r: { id: string }) => r.id);
    expect(ids).toContain(own.attachId);
    expect(ids).not.toContain(file.attachId);
    expect((await t.call({ method: 'GET', url: `${ATTACH}/detail`, headers: b, query: { id: file.attachId } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${ATTACH}/remove`, headers: b, query: { ids: file.attachId } })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: file.link.split('?')[0], headers: b })).statusCode).toBe(404);
    expect(onDisk('000000', file.name)).toBe(true);
    expect(onDisk('000001', own.name)).toBe(true);
    expect((await t.call({ method: 'GET', url: `${ATTACH}/detail`, headers: a, query: { id: file.attachId } })).body.code).toBe(200);
  });
});
