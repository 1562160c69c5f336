import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds, grantMenus, grantScope } from '../support/add-user.js';
import { assets, cars, customers, expenses, incomes, items, loadFixture, sum, targets, wages, workers, type Ids } from '../support/report-fixture.js';
import type { TestApp } from '../support/test-app.js';
import { TENANT_B, startTwoTenants } from '../support/two-tenants.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let ids: Ids;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
  ids = await loadFixture(t, a);
  // Tenant B's own business: one item with a large income and a large wage.
  const submit = (path: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/blade-manage/${path}/submit`, headers: b, payload });
  const item = (await submit('iteminfo', { itemCode: 'B-1', itemName: '常州花园B', })).body.data.id;
  const worker = (await submit('worker', { workerName: 'B工人' })).body.data.id;
  await submit('income', { incomeDate: '2025-02-01', itemId: item, amount: 1000000, salesman: '张三' });
  await submit('wage', { wageMonth: '2025-02-01', itemId: item, workerId: worker, amount: 777777, paidAmount: 0, workDays: 30 });
  await submit('expense', { expenseDate: '2025-02-01', itemId: item, category: 1, amount: 555555 });
}, 180_000);
afterAll(() => t?.close());

const Q1 = { startDate: '2025-01-01', endDate: '2025-03-31' };
const inQ1 = (date: string) => date >= Q1.startDate && date <= Q1.endDate;

async function report(name: string, body: Record<string, unknown> = {}, headers = a, lang = 'zh') {
  return t.call({ method: 'POST', url: `/api/blade-manage/report/${name}`, headers: { ...headers, 'accept-language': lang }, payload: body });
}
async function data(name: string, body: Record<string, unknown> = {}, headers = a) {
  const res = await report(name, body, headers);
  expect(res.body, name).toMatchObject({ code: 200, success: true });
  return res.body.data;
}

describe('each report answers the sums of the rows staff entered', () => {
  it('workerWages: one row per month, worker and item, with the unpaid part, and the totals', async () => {
    const d = await data('workerWages', Q1);
    expect(d.total).toBe(wages.length);
    const jan = d.records.find((r: any) => r.month === '2025-01' && r.workerIdName === '张电工');
    expect(jan).toMatchObject({ itemIdName: '常州花园一期', workDays: 10, amount: 2500, paidAmount: 2000, unpaid: 500 });
    expect(d.totals).toMatchObject({ amount: sum(wages, (w) => w.amount), paidAmount: sum(wages, (w) => w.paidAmount), workDays: sum(wages, (w) => w.workDays) });
    expect(d.totals.unpaid).toBeCloseTo(sum(wages, (w) => w.amount - w.paidAmount), 2);
    expect(d.chart.map((c: any) => [c.month, c.amount])).toEqual(['2025-01', '2025-02', '2025-03'].map((m) => [m, sum(wages.filter((w) => w.wageMonth.startsWith(m)), (w) => w.amount)]));
  });

  it('workerWages: the item filter and the page size limit the rows, not the totals of the filter', async () => {
    const d = await data('workerWages', { ...Q1, itemId: ids.I2, size: 1, current: 2 });
    const i2 = wages.filter((w) => w.item === 'I2');
    expect(d).toMatchObject({ total: i2.length, size: 1, current: 2, pages: i2.length });
    expect(d.records).toHaveLength(1);
    expect(d.totals.amount).toBe(sum(i2, (w) => w.amount));
  });

  it('teamLeaderWages: per team leader, the workers counted once', async () => {
    const d = await data('teamLeaderWages', Q1);
    const led = wages.filter((w) => w.leader === 'L');
    expect(d.records).toEqual([expect.objectContaining({ teamLeaderIdName: '王班长', workers: new Set(led.map((w) => w.worker)).size, amount: sum(led, (w) => w.amount), paidAmount: sum(led, (w) => w.paidAmount) })]);
  });

  it('itemExpenseInfo: per item and category with dictionary labels; the chart shares by category', async () => {
    const d = await data('itemExpenseInfo', Q1);
    expect(d.total).toBe(new Set(expenses.map((e) => `${e.item}/${e.category}`)).size);
    const row = d.records.find((r: any) => r.itemId === ids.I2 && r.category === '1');
    expect(row).toMatchObject({ itemIdName: '武进学校二期', categoryName: '材料费', count: 1, amount: 800 });
    expect(d.totals).toMatchObject({ count: expenses.length, amount: sum(expenses, (e) => e.amount) });
    const fuel = d.chart.find((c: any) => c.category === '3');
    expect(fuel).toMatchObject({ categoryName: '车辆油费', amount: sum(expenses.filter((e) => e.category === 3), (e) => e.amount) });
  });

  it('monthExpenseInfo: per month and category, with the category filter', async () => {
    const d = await data('monthExpenseInfo', { ...Q1, category: 3 });
    const fuel = expenses.filter((e) => e.category === 3);
    expect(d.records.map((r: any) => [r.month, r.amount])).toEqual([['2025-01', 300], ['2025-02', 120]]);
    expect(d.totals.amount).toBe(sum(fuel, (e) => e.amount));
  });

  it('incomeAndExpenseInfo (query parameters): income, wages, expenses and profit by month', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-manage/report/incomeAndExpenseInfo', headers: a, query: Q1 });
    const d = res.body.data;
    const income = sum(incomes.filter((i) => inQ1(i.incomeDate)), (i) => i.amount);
    const cost = sum(wages, (w) => w.amount) + sum(expenses, (e) => e.amount);
    expect(d.records.map((r: any) => r.month)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(d.totals.income).toBe(income);
    expect(d.totals.cost).toBeCloseTo(cost, 2);
    expect(d.totals.profit).toBeCloseTo(income - cost, 2);
    expect(d.records[0]).toMatchObject({ income: 50000, wages: 6500, expense: 1500.25 });
  });

  it('carInfo: only expenses booked on a car, per car and category', async () => {
    const d = await data('carInfo', Q1);
    const carRows = expenses.filter((e) => e.car);
    expect(d.totals).toMatchObject({ count: carRows.length, amount: sum(carRows, (e) => e.amount) });
    expect(new Set(d.records.map((r: any) => r.carIdName))).toEqual(new Set(cars.map((c) => c.plateNo)));
  });

  it('assetInfo: assets held at the end date, with straight-line depreciation in whole months', async () => {
    const d = await data('assetInfo', { endDate: '2025-03-31' });
    const months = (from: string, to: string) => {
      const [y1, m1, d1] = from.split('-').map(Number);
      const [y2, m2, d2] = to.split('-').map(Number);
      return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
    };
    const dep = (x: (typeof assets)[number]) => x.originalValue * Math.min(1, months(x.purchaseDate, '2025-03-31') / (x.usefulYears * 12));
    expect(d.totals.originalValue).toBe(sum(assets, (x) => x.originalValue));
    expect(d.totals.depreciation).toBeCloseTo(assets.reduce((s, x) => s + dep(x), 0), 2);
    const held = await data('assetInfo', { endDate: '2024-12-31' });
    expect(held.totals.count).toBe(assets.filter((x) => x.purchaseDate <= '2024-12-31').length);
  });

  it('itemTotal: income, costs, profit and margin per item', async () => {
    const d = await data('itemTotal', Q1);
    for (const item of items) {
      const row = d.records.find((r: any) => r.itemId === ids[item.key]);
      const income = sum(incomes.filter((i) => i.item === item.key && inQ1(i.incomeDate)), (i) => i.amount);
      const cost = sum(wages.filter((w) => w.item === item.key), (w) => w.amount) + sum(expenses.filter((e) => e.item === item.key), (e) => e.amount);
      expect(row).toMatchObject({ itemIdName: item.itemName, income });
      expect(row.profit).toBeCloseTo(income - cost, 2);
      expect(row.margin).toBeCloseTo((income - cost) / income, 3);
    }
    expect(d.records[0].income).toBeGreaterThanOrEqual(d.records[1].income);
  });

  it('saleTarget: the target of the year against the incomes of that year', async () => {
    const d = await data('saleTarget', { year: 2025 });
    for (const s of ['张三', '李四']) {
      const target = sum(targets.filter((x) => x.targetYear === 2025 && x.salesman === s), (x) => x.targetAmount);
      const actual = sum(incomes.filter((i) => i.salesman === s && i.incomeDate.startsWith('2025')), (i) => i.amount);
      expect(d.records.find((r: any) => r.salesman === s)).toMatchObject({ target, actual, gap: target - actual, rate: Math.round((actual / target) * 10000) / 10000 });
    }
  });

  it('customInfo: items, payments and the last payment per customer', async () => {
    const d = await data('customInfo', Q1);
    for (const c of customers) {
      const mine = incomes.filter((i) => i.customer === c.key && inQ1(i.incomeDate));
      expect(d.records.find((r: any) => r.customerId === ids[c.key])).toMatchObject({
        customerIdName: c.customerName, items: items.filter((i) => i.customer === c.key).length,
        payments: mine.length, income: sum(mine, (i) => i.amount), lastDate: mine.map((i) => i.incomeDate).sort().at(-1),
      });
    }
  });
});

describe('filters that match nothing and bad filters', () => {
  it('a range with no rows answers no record, zero totals and an empty chart', async () => {
    const d = await data('itemTotal', { startDate: '2030-01-01', endDate: '2030-12-31' });
    expect(d).toMatchObject({ total: 0, records: [], chart: [] });
    expect(d.totals).toMatchObject({ income: 0, cost: 0, profit: 0 });
  });

  it.each([
    ['workerWages', { startDate: '2025-03-01', endDate: '2025-01-01' }, '开始日期不能晚于结束日期', 'the start date must not be after the end date'],
    ['itemTotal', { startDate: '2025-02-30' }, '开始日期格式不正确,应为 yyyy-MM-dd', 'the start date must be a date written yyyy-MM-dd'],
    ['carInfo', { carId: 'abc' }, '车辆不正确', 'the car is not valid'],
    ['saleTarget', { year: '25' }, '年度应为 2000 到 2100 之间的整数', 'the year must be a whole number from 2000 to 2100'],
    ['monthExpenseInfo', { size: 100000 }, '页码或每页条数不正确', 'the page number or page size is not valid'],
  ])('%s %j is a 400 in the caller\'s language', async (name, body, zh, en) => {
    const resZh = await report(name, body, a, 'zh');
    expect(resZh.status).toBe(400);
    expect(resZh.body.msg).toBe(zh);
    const resEn = await report(name, body, a, 'en');
    expect(resEn.body.msg).toBe(en);
  });
});

describe('tenants and data scopes', () => {
  it('tenant B sees none of tenant A\'s money, and A none of B\'s', async () => {
    const bTotals = (await data('itemTotal', Q1, b)).totals;
    expect(bTotals).toMatchObject({ income: 1000000, wages: 777777, expense: 555555 });
    const aTotals = (await data('itemTotal', Q1, a)).totals;
    expect(aTotals.income).toBe(sum(incomes.filter((i) => inQ1(i.incomeDate)), (i) => i.amount));
    const filtered = await data('workerWages', { ...Q1, itemId: ids.I1 }, b);
    expect(filtered).toMatchObject({ total: 0, records: [] });
    const names = (await t.call({ method: 'GET', url: '/api/blade-manage/iteminfo/listByName', headers: b, query: { name: '常州花园' } })).body.data;
    expect(names.map((n: any) => n.itemName)).toEqual(['常州花园B']);
    expect(TENANT_B).not.toBe('000000');
  });

  it('listByName finds the items whose name contains the text', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-manage/iteminfo/listByName', headers: a, query: { name: '学校' } });
    expect(res.body.data).toEqual([{ id: ids.I2, itemName: '武进学校二期', itemCode: 'T-002' }]);
  });

  it('teamLeaders answers only the workers some worker names as 班组长, of the caller\'s tenant', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-manage/report/teamLeaders', headers: a });
    expect(res.body.data).toEqual([{ id: ids.L, workerName: '王班长' }]);
    expect((await t.call({ method: 'GET', url: '/api/blade-manage/report/teamLeaders', headers: b })).body.data).toEqual([]);
  });

  it('the worker wages screen opens on the last 12 months', async () => {
    const definitions = (await t.call({ method: 'GET', url: '/api/blade-manage/report/definition', headers: a })).body.data;
    expect(definitions.find((d: any) => d.name === 'workerWages').defaultRange).toBe('twelveMonths');
  });

  it('a user without the report\'s menu is refused; with it, the data scope on wages limits every figure', async () => {
    const depts = await deptIds(t.services);
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'site-clerk', account: 'clerk', password: 'clerk-pw-1', deptId: Object.values(depts)[0] });
    const clerk = await t.login({ username: 'clerk', password: 'clerk-pw-1' });
    expect((await report('workerWages', Q1, clerk)).status).toBe(403);
    await grantMenus(t.services, roleId, ['report_workerWages']);
    const rule = await t.call({
      method: 'POST', url: '/api/blade-system/data-scope/submit', headers: a,
      payload: { menuId: '1', resourceCode: 'manage_wage', scopeName: 'item I1 only', scopeType: 5, scopeColumn: 'item_id', scopeValue: JSON.stringify([{ field: 'item_id', op: 'equal', value: ids.I1 }]) },
    });
    expect(rule.body.code).toBe(200);
    await grantScope(t.services, roleId, String(rule.body.data.id), 1);
    const d = await data('workerWages', Q1, clerk);
    const i1 = wages.filter((w) => w.item === 'I1');
    expect(d.total).toBe(i1.length);
    expect(d.totals.amount).toBe(sum(i1, (w) => w.amount));
    expect(d.chart.reduce((s: number, c: any) => s + c.amount, 0)).toBe(sum(i1, (w) => w.amount));
    expect((await report('itemTotal', Q1, clerk)).status).toBe(403);
  });
});

describe('export', () => {
  async function workbookOf(res: { rawPayload: Buffer }) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { rows, sheet: workbook.worksheets[0] };
  }

  it('answers the filtered rows and the totals as .xlsx with a Content-Disposition, numbers formatted', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/blade-manage/report/workerWagesExport', headers: { ...a, 'accept-language': 'en' }, payload: { ...Q1, itemId: ids.I1 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="workerWages-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''Worker%20wages-/);
    const { rows, sheet } = await workbookOf(res);
    const i1 = wages.filter((w) => w.item === 'I1');
    expect(rows[0]).toEqual(['Month', 'Worker', 'Item', 'Days worked', 'Wage due', 'Wage paid', 'Unpaid']);
    expect(rows).toHaveLength(1 + i1.length + 1);
    expect(rows[1]).toEqual(['2025-01', '李木工', '常州花园一期', 20, 4000, 4000, 0]);
    const last = rows.at(-1)!;
    expect(last[0]).toBe('Total');
    expect(last.slice(3)).toEqual([sum(i1, (w) => w.workDays), sum(i1, (w) => w.amount), sum(i1, (w) => w.paidAmount), sum(i1, (w) => w.amount - w.paidAmount)]);
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('#,##0.00');
  });

  it('a report over several facts exports too; bad filters are a 400 before any file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/blade-manage/report/itemTotalExport', headers: a, payload: Q1 });
    const { rows } = await workbookOf(res);
    expect(rows[0][0]).toBe('项目');
    expect(rows).toHaveLength(1 + items.length + 1);
    expect(rows.at(-1)![0]).toBe('合计');
    const bad = await t.call({ method: 'POST', url: '/api/blade-manage/report/itemTotalExport', headers: a, payload: { startDate: 'x' } });
    expect(bad.status).toBe(400);
  });
});

void workers;
