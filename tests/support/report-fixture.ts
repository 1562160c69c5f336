import type { TestApp } from './test-app.js';

/**
 * A small business with known figures, written through the engine's submit endpoints
 * (as staff would enter it). Tests compute the expected sums from these arrays.
 */
export const customers = [
  { key: 'C1', customerName: '甲建设集团', salesman: '张三' },
  { key: 'C2', customerName: '乙置业公司', salesman: '李四' },
];
export const items = [
  { key: 'I1', itemCode: 'T-001', itemName: '常州花园一期', customer: 'C1' },
  { key: 'I2', itemCode: 'T-002', itemName: '武进学校二期', customer: 'C2' },
];
export const workers = [
  { key: 'L', workerName: '王班长', dailyWage: 300 },
  { key: 'W1', workerName: '李木工', leader: 'L', dailyWage: 200 },
  { key: 'W2', workerName: '张电工', leader: 'L', dailyWage: 250 },
  { key: 'W3', workerName: '赵杂工', dailyWage: 200.1 },
];
export const wages = [
  { wageMonth: '2025-01-01', item: 'I1', worker: 'W1', leader: 'L', workDays: 20, amount: 4000, paidAmount: 4000 },
  { wageMonth: '2025-01-01', item: 'I1', worker: 'W2', leader: 'L', workDays: 10, amount: 2500, paidAmount: 2000 },
  { wageMonth: '2025-02-01', item: 'I2', worker: 'W1', leader: 'L', workDays: 22, amount: 4400, paidAmount: 0 },
  { wageMonth: '2025-02-01', item: 'I2', worker: 'W3', workDays: 5, amount: 1000.5, paidAmount: 1000.5 },
  { wageMonth: '2025-03-01', item: 'I1', worker: 'L', workDays: 21, amount: 6300, paidAmount: 6300 },
];
export const cars = [{ key: 'K1', plateNo: '苏D00001' }, { key: 'K2', plateNo: '苏D00002' }];
export const expenses = [
  { expenseDate: '2025-01-10', item: 'I1', category: 1, amount: 1200.25 },
  { expenseDate: '2025-01-20', item: 'I1', category: 3, car: 'K1', amount: 300 },
  { expenseDate: '2025-02-05', item: 'I2', category: 1, amount: 800 },
  { expenseDate: '2025-02-15', item: 'I2', category: 4, car: 'K1', amount: 550.75 },
  { expenseDate: '2025-02-16', item: 'I2', category: 3, car: 'K2', amount: 120 },
  { expenseDate: '2025-03-03', item: 'I1', category: 2, amount: 5000 },
];
export const incomes = [
  { incomeDate: '2024-12-20', item: 'I1', customer: 'C1', salesman: '张三', amount: 999 },
  { incomeDate: '2025-01-15', item: 'I1', customer: 'C1', salesman: '张三', amount: 50000 },
  { incomeDate: '2025-02-15', item: 'I2', customer: 'C2', salesman: '李四', amount: 30000 },
  { incomeDate: '2025-03-15', item: 'I1', customer: 'C1', salesman: '张三', amount: 20000 },
];
export const assets = [
  { assetCode: 'A1', assetName: '塔吊', category: 1, item: 'I1', purchaseDate: '2024-01-01', originalValue: 12000, usefulYears: 1 },
  { assetCode: 'A2', assetName: '笔记本电脑', category: 3, item: 'I2', purchaseDate: '2024-07-15', originalValue: 6000, usefulYears: 5 },
  { assetCode: 'A3', assetName: '打印机', category: 3, item: 'I1', purchaseDate: '2025-02-01', originalValue: 1500, usefulYears: 3 },
];
export const targets = [
  { targetYear: 2025, salesman: '张三', targetAmount: 100000 },
  { targetYear: 2025, salesman: '李四', targetAmount: 50000 },
  { targetYear: 2024, salesman: '张三', targetAmount: 1 },
];

/** Ids of the rows above, by key. */
export type Ids = Record<string, string>;

export async function loadFixture(t: TestApp, headers: Record<string, string>): Promise<Ids> {
  const ids: Ids = {};
  const submit = async (path: string, record: Record<string, unknown>) => {
    const res = await t.call({ method: 'POST', url: `/api/blade-manage/${path}/submit`, headers, payload: record });
    if (res.body?.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return String(res.body.data.id);
  };
  for (const c of customers) ids[c.key] = await submit('customer', { customerName: c.customerName, salesman: c.salesman });
  for (const i of items) ids[i.key] = await submit('iteminfo', { itemCode: i.itemCode, itemName: i.itemName, customerId: ids[i.customer] });
  for (const w of workers) ids[w.key] = await submit('worker', { workerName: w.workerName, dailyWage: w.dailyWage, teamLeaderId: w.leader ? ids[w.leader] : undefined });
  for (const c of cars) ids[c.key] = await submit('car', { plateNo: c.plateNo });
  for (const w of wages) {
    await submit('wage', { wageMonth: w.wageMonth, itemId: ids[w.item], workerId: ids[w.worker], teamLeaderId: w.leader ? ids[w.leader] : undefined, workDays: w.workDays, amount: w.amount, paidAmount: w.paidAmount });
  }
  for (const e of expenses) await submit('expense', { expenseDate: e.expenseDate, itemId: ids[e.item], category: e.category, carId: e.car ? ids[e.car] : undefined, amount: e.amount });
  for (const i of incomes) await submit('income', { incomeDate: i.incomeDate, itemId: ids[i.item], customerId: ids[i.customer], salesman: i.salesman, amount: i.amount });
  for (const a of assets) await submit('asset', { assetCode: a.assetCode, assetName: a.assetName, category: a.category, itemId: ids[a.item], purchaseDate: a.purchaseDate, originalValue: a.originalValue, usefulYears: a.usefulYears });
  for (const s of targets) await submit('sale-target', s);
  return ids;
}

export const sum = <T>(rows: T[], pick: (r: T) => number) => Math.round(rows.reduce((s, r) => s + pick(r), 0) * 100) / 100;
