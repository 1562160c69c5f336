import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => { t = await startTestApp(); headers = await t.login(); });
afterAll(() => t?.close());

const notice = (title: string) => ({ title, category: 1, releaseTime: '2026-11-22 09:00:00', content: '<p>body</p>' });
const submit = (title: string, lang = 'zh') =>
  t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: { ...headers, 'accept-language': lang }, payload: notice(title) });
const titled = async (title: string) =>
  (await t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers, query: { size: '200' } })).body.data.records.filter((r: any) => r.title === title);

describe('notice title', () => {
  it('refuses markup with a plain-text message in zh and en, and stores nothing', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const zh = await submit(title);
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('通知标题只能是纯文本,不能包含 HTML 标签(如 <img>)');
    expect(zh.body.fieldErrors).toEqual({ title: zh.body.msg });
    const en = await submit(`Hello <b>all</b>`, 'en');
    expect(en.body).toMatchObject({ code: 400, msg: 'the title must be plain text, without HTML tags (such as <img>)' });
    for (const refused of ['x</p>', '<!-- c -->', '<svg/onload=alert(1)>', 'line\n<script>']) expect((await submit(refused)).status).toBe(400);
    expect(await titled(title)).toEqual([]);
  });

  it('keeps plain text that only looks like markup, such as a comparison', async () => {
    for (const title of ['价格 < 100 且 > 50', 'a<1 & b>2', '&lt;img&gt; 是转义文本']) {
      const res = await submit(title);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      expect(await titled(title)).toHaveLength(1);
    }
  });
});
