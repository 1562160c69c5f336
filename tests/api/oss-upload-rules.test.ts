import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const GIF_MAGIC = Buffer.from('GIF89a');
const ENDPOINT = '/api/blade-resource/oss/endpoint';

let t: TestApp;
let a: Record<string, string>;

const image = (magic: Buffer, size: number) => Buffer.concat([magic, Buffer.alloc(size - magic.length, 7)]);

async function upload(file: { name: string; bytes: Buffer }, opts: { query?: Record<string, string>; lang?: string; url?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const headers = { ...a, 'content-type': encoded.headers.get('content-type')!, 'accept-language': opts.lang ?? 'zh' };
  return t.call({ method: 'POST', url: opts.url ?? `${ENDPOINT}/put-file`, query: opts.query, payload, headers });
}

const storedFiles = (): number => {
  const root = t.services.config.filesDir;
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;
};
const attachTotal = async () => (await t.call({ method: 'GET', url: '/api/blade-resource/attach/list', headers: a })).body.data.total;

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
});
afterAll(() => t?.close());

describe('the avatar rule (put-file?type=avatar)', () => {
  it('accepts a JPG or PNG of at most 500 kB, typed by its bytes', async () => {
    const png = await upload({ name: 'me.png', bytes: image(PNG_MAGIC, 500 * 1024) }, { query: { type: 'avatar' } });
    expect(png.body.code).toBe(200);
    expect(png.body.data.name).toMatch(/\.png$/);
    const jpg = await upload({ name: 'me.jpeg', bytes: image(JPG_MAGIC, 1000) }, { query: { type: 'avatar' } });
    expect(jpg.body.data.name).toMatch(/\.jpg$/);
  });

  it('refuses other types with the spec message, whatever the name says, and stores nothing', async () => {
    const before = { files: storedFiles(), attach: await attachTotal() };
    for (const [file, lang] of [
      [{ name: 'me.png', bytes: image(GIF_MAGIC, 1000) }, 'zh'],
      [{ name: 'me.jpg', bytes: Buffer.from('<svg onload="alert(1)"/>') }, 'zh'],
      [{ name: 'me.gif', bytes: image(GIF_MAGIC, 1000) }, 'en'],
    ] as const) {
      const res = await upload(file, { query: { type: 'avatar' }, lang, url: `${ENDPOINT}/put-file-attach` });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(lang === 'zh' ? '上传头像图片只能是 JPG/PNG 格式!' : 'the avatar image must be a JPG or PNG file');
    }
    expect(storedFiles()).toBe(before.files);
    expect(await attachTotal()).toBe(before.attach);
  });

  it('refuses an avatar over 500 kB with the spec message and stores nothing', async () => {
    const before = { files: storedFiles(), attach: await attachTotal() };
    const zh = await upload({ name: 'big.png', bytes: image(PNG_MAGIC, 500 * 1024 + 1) }, { query: { type: 'avatar' }, url: `${ENDPOINT}/put-file-attach` });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('上传头像图片大小不能超过 500kb!');
    const en = await upload({ name: 'big.jpg', bytes: image(JPG_MAGIC, 2 * 1024 * 1024) }, { query: { type: 'avatar' }, lang: 'en' });
    expect(en.body.msg).toBe('the avatar image must not be larger than 500 kB');
    expect(storedFiles()).toBe(before.files);
    expect(await attachTotal()).toBe(before.attach);
  });
});

describe('the global upload limit', () => {
  it('takes files up to 10 MB and refuses larger ones with a clear message, storing nothing', async () => {
    const limit = t.services.config.uploadLimitBytes;
    expect(limit).toBe(10 * 1024 * 1024);
    const fits = await upload({ name: 'data.bin', bytes: Buffer.alloc(limit, 1) });
    expect(fits.body.code).toBe(200);
    const before = { files: storedFiles(), attach: await attachTotal() };
    const res = await upload({ name: 'data.bin', bytes: Buffer.alloc(limit + 1, 1) }, { url: `${ENDPOINT}/put-file-attach` });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('上传文件大小不能超过 10MB!');
    expect(storedFiles()).toBe(before.files);
    expect(await attachTotal()).toBe(before.attach);
  });
});
