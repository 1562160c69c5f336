import { describe, expect, it } from 'vitest';
import { jobWorkbook, waitForJob, workbookRows, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

/** The synchronous spec route, as BladeX clients open it. */
function exportRegion(headers: Headers): Promise<unknown[][]> {
  return workbookRows(t, headers, '/api/blade-system/region/export-region');
}

async function exportJob(query: Record<string, string>, headers: Headers) {
  const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'base/region', query } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.data;
}

describe('region export as a background job', () => {
  it("gives export-region's workbook: every region by code with the values as saved, whatever level the tree shows", async () => {
    const added = await t.call({ method: 'POST', url: '/api/blade-system/region/submit', headers: admin, payload: { code: '320496', parentCode: '3204', name: '导出区', regionLevel: 3, sort: 96, remark: '导出' } });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const expected = await exportRegion(admin);
    // The screen sends its lazy tree's parameters: the export is of every region all the same.
    for (const query of [{}, { parentCode: '32' }] as Record<string, string>[]) {
      const started = await exportJob(query, admin);
      expect(started.fileName).toBe('行政区划数据导出');
      const job = await waitForJob(t, admin, started.id);
      expect(job, JSON.stringify(query)).toMatchObject({ state: 'done', hasFile: true });
      const rows = await jobWorkbook(t, admin, job.id);
      expect(rows, JSON.stringify(query)).toEqual(expected);
      expect(job.total).toBe(rows.length - 1);
    }
    expect(expected[0]).toEqual(['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']);
    expect(expected.find((r) => r[0] === '320496')).toEqual(['320496', '3204', '导出区', 3, 96, '导出']);
    const codes = expected.slice(1).map((r) => String(r[0]));
    expect(codes).toEqual([...codes].sort());
  });

  it("is named and headed in the caller's language", async () => {
    const english = { ...admin, 'accept-language': 'en' };
    const started = await exportJob({}, english);
    expect(started.fileName).toBe('regions');
    const rows = await jobWorkbook(t, english, (await waitForJob(t, english, started.id)).id);
    expect(rows[0]).toEqual(['Region code', 'Parent code', 'Region name', 'Region level', 'Sort order', 'Remark']);
  });
});
