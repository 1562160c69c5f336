import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('a detail of a row no kept row answers', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ seedRegions: false });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('takes one read, keeps the row, and answers the next detail of it without a read', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const saved = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: admin, payload: { paramName: `any row ${n}`, paramKey: `any.row.${n}`, paramValue: String(n) } });
      ids.push(String(saved.body.data.id));
    }
    // One detail first, so the reader follows the table's write log from here on.
    await t.call({ method: 'GET', url: `/api/blade-system/param/detail?id=${ids[0]}`, headers: admin });
    const rows = t.services.listStats.rows;
    for (const id of ids.slice(1)) {
      const before = { ...rows };
      const first = await t.call({ method: 'GET', url: `/api/blade-system/param/detail?id=${id}`, headers: admin });
      expect(first.body.data.id).toBe(id);
      expect([rows.reads - before.reads, rows.misses - before.misses, rows.hits - before.hits], 'the first detail reads the row once').toEqual([1, 1, 0]);
      const again = await t.call({ method: 'GET', url: `/api/blade-system/param/detail?id=${id}`, headers: admin });
      expect(again.body).toEqual(first.body);
      expect([rows.reads - before.reads, rows.hits - before.hits], 'the next detail of it takes no read').toEqual([1, 1]);
    }
  });
});
