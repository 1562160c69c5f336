import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWageRollup, wageRollupReady, wageRollupSettled } from '../../src/server/modules/report/wage-rollup-install.js';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

/*
 * The wage reports read whole months from summaries the database keeps on every write of a
 * wage row. Many writers at once (submits, moves to another month or item, removes) must
 * leave them equal to the wage rows: every report answers what the rows add up to.
 */

let t: TestApp;
let a: Record<string, string>;
const ids: Record<string, string> = {};

interface Sheet { id?: string; wageMonth: string; item: string; worker: string; leader?: string; workDays: number; amount: number; paidAmount: number }
let sheets: Sheet[] = [];

const submit = async (path: string, payload: Record<string, unknown>) => {
  const res = await t.call({ method: 'POST', url: `/api/blade-manage/${path}/submit`, headers: a, payload });
  expect(res.body, path).toMatchObject({ code: 200 });
  return String(res.body.data?.id ?? payload.id);
};
const payloadOf = (s: Sheet) => ({ ...(s.id ? { id: s.id } : {}), wageMonth: s.wageMonth, itemId: ids[s.item], workerId: ids[s.worker], teamLeaderId: s.leader ? ids[s.leader] : undefined, workDays: s.workDays, amount: s.amount, paidAmount: s.paidAmount });
const cents = (n: number) => Math.round(n * 100) / 100;
const total = (rows: Sheet[], pick: (s: Sheet) => number) => cents(rows.reduce((sum, s) => sum + pick(s), 0));

beforeAll(async () => {
  ({ t, a } = await startTwoTenants());
  await wageRollupSettled(t.services.system.repo.db);
  for (const key of ['I1', 'I2']) ids[key] = await submit('iteminfo', { itemCode: `R-${key}`, itemName: `汇总项目${key}` });
  for (const key of ['L1', 'L2']) ids[key] = await submit('worker', { workerName: `班长${key}` });
  for (let w = 1; w <= 8; w++) ids[`W${w}`] = await submit('worker', { workerName: `工人${w}`, teamLeaderId: ids[w <= 4 ? 'L1' : 'L2'] });
  // 48 sheets over January–April 2025, some in mid-month, written all at once.
  const days = ['2025-01-01', '2025-01-20', '2025-02-01', '2025-02-14', '2025-03-01', '2025-03-28', '2025-04-01', '2025-04-09'];
  sheets = Array.from({ length: 48 }, (_, n) => ({
    wageMonth: days[n % days.length], item: n % 3 === 0 ? 'I2' : 'I1', worker: `W${1 + (n % 8)}`, leader: n % 11 === 0 ? undefined : 1 + (n % 8) <= 4 ? 'L1' : 'L2',
    workDays: 10 + (n % 12), amount: 1000 + n * 37.25, paidAmount: n % 4 === 0 ? 0 : 1000 + n * 37.25,
  }));
  const saved = await Promise.all(sheets.map((s) => submit('wage', payloadOf(s))));
  saved.forEach((id, i) => { sheets[i].id = id; });
  // Then at once: a third moved to another month and item with a new amount, a sixth removed.
  const moved = sheets.filter((_, i) => i % 3 === 1);
  const removed = sheets.filter((_, i) => i % 6 === 2);
  for (const [i, s] of moved.entries()) Object.assign(s, { wageMonth: i % 2 ? '2025-02-20' : '2025-03-01', item: s.item === 'I1' ? 'I2' : 'I1', amount: s.amount + 500 });
  await Promise.all([
    ...moved.map((s) => submit('wage', payloadOf(s))),
    ...removed.map((s) => t.call({ method: 'POST', url: '/api/blade-manage/wage/remove', headers: a, query: { ids: s.id! } }).then((r) => expect(r.body.code).toBe(200))),
  ]);
  sheets = sheets.filter((s) => !removed.includes(s));
}, 180_000);
afterAll(() => t?.close());

async function report(name: string, range: { startDate: string; endDate: string; teamLeaderId?: string }) {
  const res = await t.call({ method: 'POST', url: `/api/blade-manage/report/${name}`, headers: a, payload: { ...range, size: 1000 } });
  expect(res.body, name).toMatchObject({ code: 200 });
  return res.body.data;
}

describe('wage reports after many writers at once', () => {
  it('the summaries are in place, so the whole months are read from them', () => {
    expect(wageRollupReady(t.services.system.repo.db)).toBe(true);
  });

  it.each([
    ['whole months', { startDate: '2025-01-01', endDate: '2025-03-31' }],
    ['a range cutting its first and last month', { startDate: '2025-01-15', endDate: '2025-04-05' }],
    ['a range cutting a month with no sheet in the days it leaves out', { startDate: '2025-01-10', endDate: '2025-02-25' }],
    ['one month, cut where no sheet lies', { startDate: '2025-03-01', endDate: '2025-03-30' }],
    ['a range starting the year before', { startDate: '2024-12-10', endDate: '2025-03-05' }],
  ])('over %s, every wage report equals the sums of the rows', async (_, range) => {
    const inRange = sheets.filter((s) => s.wageMonth >= range.startDate && s.wageMonth <= range.endDate);
    const month = (s: Sheet) => s.wageMonth.slice(0, 7);

    const sheet = await report('workerWages', range);
    expect(sheet.total).toBe(new Set(inRange.map((s) => `${month(s)}/${s.worker}/${s.item}`)).size);
    expect(sheet.totals).toMatchObject({ amount: total(inRange, (s) => s.amount), paidAmount: total(inRange, (s) => s.paidAmount), workDays: total(inRange, (s) => s.workDays) });
    const months = [...new Set(inRange.map(month))].sort();
    expect(sheet.chart.map((c: any) => [c.month, cents(c.amount)])).toEqual(months.map((m) => [m, total(inRange.filter((s) => month(s) === m), (s) => s.amount)]));

    const leaders = await report('teamLeaderWages', range);
    for (const leader of ['L1', 'L2']) {
      const led = inRange.filter((s) => s.leader === leader);
      expect(leaders.records.find((r: any) => r.teamLeaderId === ids[leader]), leader).toMatchObject({
        workers: new Set(led.map((s) => s.worker)).size, amount: total(led, (s) => s.amount), paidAmount: total(led, (s) => s.paidAmount), workDays: total(led, (s) => s.workDays),
      });
    }
    expect(leaders.records).toHaveLength(2);
    // The same figures for one leader picked in the filter.
    const l2 = await report('teamLeaderWages', { ...range, teamLeaderId: ids.L2 });
    expect(l2.records.map((r: any) => [r.teamLeaderId, r.workers, cents(r.amount)])).toEqual(leaders.records.filter((r: any) => r.teamLeaderId === ids.L2).map((r: any) => [r.teamLeaderId, r.workers, cents(r.amount)]));

    const items = await report('itemTotal', range);
    for (const item of ['I1', 'I2']) expect(cents(items.records.find((r: any) => r.itemId === ids[item]).wages)).toBe(total(inRange.filter((s) => s.item === item), (s) => s.amount));

    const byMonth = await report('incomeAndExpenseInfo', range);
    expect(byMonth.records.map((r: any) => [r.month, cents(r.wages)])).toEqual(months.map((m) => [m, total(inRange.filter((s) => month(s) === m), (s) => s.amount)]));
  });

  it('the team-leader export ends with the totals the report shows', async () => {
    const range = { startDate: '2025-01-15', endDate: '2025-04-05' };
    const shown = await report('teamLeaderWages', range);
    const res = await t.app.inject({ method: 'POST', url: '/api/blade-manage/report/teamLeaderWagesExport', headers: a, payload: range });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(1 + 2 + 1);
    const led = sheets.filter((s) => s.leader && s.wageMonth >= range.startDate && s.wageMonth <= range.endDate);
    expect(rows.at(-1)!.slice(2).map((v) => cents(Number(v)))).toEqual([total(led, (s) => s.workDays), total(led, (s) => s.amount), total(led, (s) => s.paidAmount), total(led, (s) => s.amount - s.paidAmount)]);
    expect(cents(shown.totals.amount)).toBe(total(led, (s) => s.amount));
  });

  it('the summaries equal a rebuild from the wage rows', async () => {
    const db = t.services.system.repo.db;
    const read = async () => Promise.all(['rpt_wage_month', 'rpt_wage_item', 'rpt_wage_pair'].map(async (table) =>
      (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2, 3, 4, 5`.execute(db)).rows.map((r) => JSON.stringify(r)).sort()));
    const kept = await read();
    expect(kept[0].length).toBeGreaterThan(0);
    await rebuildWageRollup(db);
    expect(await read()).toEqual(kept);
  });
});
