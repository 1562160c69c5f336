import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** s3rver ships no types: the part of its API the test uses. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const OSS = '/api/blade-resource/oss';

let t: TestApp;
let a: Record<string, string>;
let s3: S3rverInstance;
let s3Dir: string;
let endpoint: string;

async function upload(query: Record<string, string>, url = `${OSS}/endpoint/put-file`, bytes = PNG) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'picture.png');
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  return t.call({ method: 'POST', url, query, payload, headers: { ...a, 'content-type': encoded.headers.get('content-type')! } });
}

async function addConfig(record: Record<string, unknown>): Promise<string> {
  const res = await t.call({ method: 'POST', url: `${OSS}/submit`, headers: a, payload: record });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

const attachCount = async () => (await t.call({ method: 'GET', url: '/api/blade-resource/attach/list', headers: a })).body.data.total;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'atrium-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await startTestApp();
  a = await t.login();
  const id = await addConfig({ category: 1, ossCode: 'minio', endpoint, bucketName: 'atrium-files', accessKey: 'S3RVER', secretKey: 'S3RVER' });
  const enabled = await t.call({ method: 'POST', url: `${OSS}/enable`, headers: a, query: { id } });
  expect(enabled.body.code).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('an S3-compatible store (s3rver on loopback)', () => {
  it('takes uploads into the enabled configuration\'s bucket, creating the bucket first', async () => {
    const res = await upload({});
    expect(res.body).toMatchObject({ code: 200, success: true });
    const { link, domain, name, originalName } = res.body.data;
    expect(domain).toBe(`${endpoint}/atrium-files`);
    expect(link).toBe(`${domain}/${name}`);
    expect(originalName).toBe('picture.png');
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('uses the configuration named by ?code= instead of the enabled one', async () => {
    const res = await upload({ code: 'local' });
    expect(res.body.data.domain).toBe('/api/blade-resource/oss/endpoint/file/000000');
  });

  it('records put-file-attach as an attachment whose removal deletes the object', async () => {
    const res = await upload({}, `${OSS}/endpoint/put-file-attach`);
    expect(res.body.code).toBe(200);
    const { attachId, link, name } = res.body.data;
    const row = await t.call({ method: 'GET', url: '/api/blade-resource/attach/detail', headers: a, query: { id: attachId } });
    expect(row.body.data).toMatchObject({ link, name, domainUrl: `${endpoint}/atrium-files`, originalName: 'picture.png', extension: 'png', attachSize: PNG.length });
    expect((await fetch(link)).status).toBe(200);
    const removed = await t.call({ method: 'POST', url: '/api/blade-resource/attach/remove', headers: a, query: { ids: attachId } });
    expect(removed.body.code).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });

  it('removes an object by name (remove-file)', async () => {
    const { name, link } = (await upload({})).body.data;
    const res = await t.call({ method: 'POST', url: `${OSS}/endpoint/remove-file`, headers: a, payload: { fileName: name } });
    expect(res.body.code).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });

  it('answers the store\'s refusal as a clear 400 and records nothing', async () => {
    await addConfig({ category: 1, ossCode: 'badkey', endpoint, bucketName: 'atrium-files', accessKey: 'nobody', secretKey: 'not-the-secret' });
    await addConfig({ category: 3, ossCode: 'down', endpoint: 'http://127.0.0.1:9', bucketName: 'b', accessKey: 'k', secretKey: 's' });
    const before = await attachCount();
    const refused = await upload({ code: 'badkey' }, `${OSS}/endpoint/put-file-attach`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^文件上传失败: InvalidAccessKeyId/);
    expect(refused.body.msg).not.toContain('not-the-secret');
    const down = await upload({ code: 'down' }, `${OSS}/endpoint/put-file-attach`);
    expect(down.status).toBe(400);
    expect(down.body.msg).toMatch(/^文件上传失败: /);
    expect(await attachCount()).toBe(before);
  });
});
