import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => { t = await startTestApp(); headers = await t.login(); });
afterAll(() => t?.close());

describe('notice content', () => {
  it('is sanitized on the server: no script, handler or javascript: link survives', async () => {
    const content = '<p onclick="steal()">Hi <b>all</b><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"></p>';
    const res = await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers, payload: { title: 'T', category: 1, releaseTime: '2026-11-22 09:00:00', content } });
    expect(res.body.code).toBe(200);
    const stored = (await t.call({ method: 'GET', url: '/api/blade-desk/notice/detail', headers, query: { id: res.body.data.id } })).body.data.content;
    expect(stored).toContain('<b>all</b>');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('keeps what the editor writes: its marks, links and pictures with our object-store links', async () => {
    const picture = '/api/blade-resource/oss/endpoint/file/000000/upload/20261125/a1b2.png?sign=abc';
    const content = `<p><strong>b</strong><em>i</em><u>u</u><s>s</s><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">l</a></p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><img src="${picture}" alt="dot.png" title="dot" />`;
    const res = await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers, payload: { title: 'editor', category: 1, releaseTime: '2026-11-22 09:00:00', content } });
    expect(res.body.code).toBe(200);
    const stored = (await t.call({ method: 'GET', url: '/api/blade-desk/notice/detail', headers, query: { id: res.body.data.id } })).body.data.content;
    expect(stored).toBe(content);
  });

  it('filters by category with equality (dict field), not contains', async () => {
    await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers, payload: { title: 'eleven', category: 11, releaseTime: '2026-11-22 09:00:00', content: 'x' } });
    const res = await t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers, query: { category: '1' } });
    expect(res.body.data.records.every((r: any) => r.category === 1)).toBe(true);
  });
});
