import { sql } from 'kysely';
import { REPORT_NAMES } from '../../../shared/report-names.js';
import type { Dimension, LocalText, MeasureColumn, ReportSpec } from './report-types.js';

/*
 * The business reports as data: each one names the facts it reads, how they are
 * grouped, what is summed and which filters limit which field. report-query.ts runs
 * any of them; nothing here is SQL text a client could send.
 */

const month: Dimension = { key: 'month', label: { zh: '月份', en: 'Month' } };
const item: Dimension = { key: 'itemId', label: { zh: '项目', en: 'Item' }, lookup: { model: 'manage/item', field: 'itemName' } };
const worker: Dimension = { key: 'workerId', label: { zh: '工人', en: 'Worker' }, lookup: { model: 'manage/worker', field: 'workerName' } };
const teamLeader: Dimension = { key: 'teamLeaderId', label: { zh: '班组长', en: 'Team leader' }, lookup: { model: 'manage/worker', field: 'workerName' } };
const expenseCategory: Dimension = { key: 'category', label: { zh: '费用类别', en: 'Category' }, dict: 'expense_category' };

/** A measure column's label and, past it, anything else the column sets (`derive`, `noTotal`). */
type MeasureText = LocalText & Partial<Omit<MeasureColumn, 'key' | 'label' | 'format'>>;

const money = (key: string, { zh, en, ...extra }: MeasureText): MeasureColumn => ({ key, label: { zh, en }, format: 'money', ...extra });
const count = (key: string, { zh, en, ...extra }: MeasureText): MeasureColumn => ({ key, label: { zh, en }, format: 'integer', ...extra });

const wageMeasures = [
  { key: 'workDays', agg: 'sum', field: 'workDays' },
  { key: 'amount', agg: 'sum', field: 'amount' },
  { key: 'paidAmount', agg: 'sum', field: 'paidAmount' },
] as const;
const wageColumns: MeasureColumn[] = [
  { key: 'workDays', label: { zh: '出勤天数', en: 'Days worked' }, format: 'number' },
  money('amount', { zh: '应发工资', en: 'Wage due' }),
  money('paidAmount', { zh: '实发工资', en: 'Wage paid' }),
  money('unpaid', { zh: '未发工资', en: 'Unpaid', derive: (r) => r.amount - r.paidAmount }),
];
const costColumns: MeasureColumn[] = [
  money('income', { zh: '收入', en: 'Income' }),
  money('wages', { zh: '人工成本', en: 'Wages' }),
  money('expense', { zh: '费用支出', en: 'Expenses' }),
  money('cost', { zh: '总成本', en: 'Total cost', derive: (r) => r.wages + r.expense }),
  money('profit', { zh: '利润', en: 'Profit', derive: (r) => r.income - r.wages - r.expense }),
];
const moneySources = (dims: Record<string, 'month' | 'itemId'>) => {
  const on = (date: string) => Object.fromEntries(Object.entries(dims).map(([k, v]) => [k, v === 'month' ? { month: date } : 'itemId']));
  return [
    { fact: 'manage/income', date: 'incomeDate', filters: { itemId: 'itemId' }, dims: on('incomeDate'), measures: [{ key: 'income', agg: 'sum' as const, field: 'amount' }] },
    { fact: 'manage/wage', date: 'wageMonth', filters: { itemId: 'itemId' }, dims: on('wageMonth'), measures: [{ key: 'wages', agg: 'sum' as const, field: 'amount' }] },
    { fact: 'manage/expense', date: 'expenseDate', filters: { itemId: 'itemId' }, dims: on('expenseDate'), measures: [{ key: 'expense', agg: 'sum' as const, field: 'amount' }] },
  ];
};

/** Whole months of use up to the end of the range (or today) over the useful life, at most 1: straight-line depreciation. */
const depreciation = (f: { endDate?: string }) => {
  const asOf = f.endDate ? sql`cast(${f.endDate} as date)` : sql`current_date`;
  return sql`original_value * least(1, greatest(0, (extract(year from age(${asOf}, purchase_date)) * 12 + extract(month from age(${asOf}, purchase_date))) / (useful_years * 12.0)))`;
};

export const reportSpecs: ReportSpec[] = [
  {
    name: 'workerWages', label: { zh: '工人工资报表', en: 'Worker wages' }, sort: 1, defaultRange: 'twelveMonths', manyGroups: true,
    dims: [month, worker, item], measures: wageColumns,
    sources: [{ fact: 'manage/wage', date: 'wageMonth', filters: { itemId: 'itemId', teamLeaderId: 'teamLeaderId', workerId: 'workerId' }, dims: { month: { month: 'wageMonth' }, workerId: 'workerId', itemId: 'itemId' }, measures: [...wageMeasures] }],
    filters: ['startDate', 'endDate', 'itemId', 'teamLeaderId', 'workerId'],
    chart: { kind: 'line', by: 'month', measures: ['amount', 'paidAmount'] },
    order: ['month', 'workerId', 'itemId'],
  },
  {
    name: 'teamLeaderWages', label: { zh: '班组长工资报表', en: 'Team leader wages' }, sort: 2,
    dims: [teamLeader],
    measures: [count('workers', { zh: '工人数', en: 'Workers', noTotal: true }), ...wageColumns],
    sources: [{ fact: 'manage/wage', date: 'wageMonth', filters: { itemId: 'itemId', teamLeaderId: 'teamLeaderId' }, dims: { teamLeaderId: 'teamLeaderId' }, notNull: ['teamLeaderId'],
      measures: [{ key: 'workers', agg: 'countDistinct', field: 'workerId' }, ...wageMeasures] }],
    filters: ['startDate', 'endDate', 'itemId', 'teamLeaderId'],
    chart: { kind: 'bar', by: 'teamLeaderId', measures: ['amount', 'paidAmount'], top: 12 },
    order: ['-amount', 'teamLeaderId'],
  },
  {
    name: 'itemExpenseInfo', label: { zh: '项目费用报表', en: 'Item expenses' }, sort: 3,
    dims: [item, expenseCategory],
    measures: [count('count', { zh: '笔数', en: 'Entries' }), money('amount', { zh: '金额', en: 'Amount' })],
    sources: [{ fact: 'manage/expense', date: 'expenseDate', filters: { itemId: 'itemId', category: 'category' }, dims: { itemId: 'itemId', category: 'category' },
      measures: [{ key: 'count', agg: 'count' }, { key: 'amount', agg: 'sum', field: 'amount' }] }],
    filters: ['startDate', 'endDate', 'itemId', 'category'],
    chart: { kind: 'pie', by: 'category', measures: ['amount'] },
    order: ['itemId', 'category'],
  },
  {
    name: 'monthExpenseInfo', label: { zh: '月度费用报表', en: 'Monthly expenses' }, sort: 4,
    dims: [month, expenseCategory],
    measures: [count('count', { zh: '笔数', en: 'Entries' }), money('amount', { zh: '金额', en: 'Amount' })],
    sources: [{ fact: 'manage/expense', date: 'expenseDate', filters: { itemId: 'itemId', category: 'category' }, dims: { month: { month: 'expenseDate' }, category: 'category' },
      measures: [{ key: 'count', agg: 'count' }, { key: 'amount', agg: 'sum', field: 'amount' }] }],
    filters: ['startDate', 'endDate', 'itemId', 'category'],
    chart: { kind: 'bar', by: 'month', measures: ['amount'] },
    order: ['month', 'category'],
  },
  {
    name: 'incomeAndExpenseInfo', label: { zh: '收支报表', en: 'Income and expenses' }, sort: 5,
    dims: [month], measures: costColumns, sources: moneySources({ month: 'month' }),
    filters: ['startDate', 'endDate', 'itemId'],
    chart: { kind: 'line', by: 'month', measures: ['income', 'cost', 'profit'] },
    order: ['month'],
  },
  {
    name: 'carInfo', label: { zh: '车辆费用报表', en: 'Car costs' }, sort: 6,
    dims: [{ key: 'carId', label: { zh: '车牌号', en: 'Plate' }, lookup: { model: 'manage/car', field: 'plateNo' } }, expenseCategory],
    measures: [count('count', { zh: '笔数', en: 'Entries' }), money('amount', { zh: '金额', en: 'Amount' })],
    sources: [{ fact: 'manage/expense', date: 'expenseDate', filters: { itemId: 'itemId', carId: 'carId', category: 'category' }, dims: { carId: 'carId', category: 'category' }, notNull: ['carId'],
      measures: [{ key: 'count', agg: 'count' }, { key: 'amount', agg: 'sum', field: 'amount' }] }],
    filters: ['startDate', 'endDate', 'itemId', 'carId', 'category'],
    chart: { kind: 'bar', by: 'carId', measures: ['amount'], top: 15 },
    order: ['carId', 'category'],
  },
  {
    name: 'assetInfo', label: { zh: '固定资产报表', en: 'Fixed assets' }, sort: 7,
    dims: [{ key: 'category', label: { zh: '资产类别', en: 'Category' }, dict: 'asset_category' }],
    measures: [
      count('count', { zh: '数量', en: 'Assets' }), money('originalValue', { zh: '原值', en: 'Original value' }), money('depreciation', { zh: '累计折旧', en: 'Depreciation' }),
      money('netValue', { zh: '净值', en: 'Net value', derive: (r) => r.originalValue - r.depreciation }),
    ],
    sources: [{ fact: 'manage/asset', date: 'purchaseDate', asOf: true, filters: { itemId: 'itemId', category: 'category' }, dims: { category: 'category' },
      measures: [{ key: 'count', agg: 'count' }, { key: 'originalValue', agg: 'sum', field: 'originalValue' }, { key: 'depreciation', agg: 'sum', expression: depreciation }] }],
    filters: ['startDate', 'endDate', 'itemId', 'category'],
    chart: { kind: 'pie', by: 'category', measures: ['originalValue'] },
    order: ['category'],
  },
  {
    name: 'itemTotal', label: { zh: '项目汇总报表', en: 'Item totals' }, sort: 8,
    dims: [item],
    measures: [...costColumns, { key: 'margin', label: { zh: '利润率', en: 'Margin' }, format: 'percent', derive: (r) => (r.income ? (r.income - r.wages - r.expense) / r.income : 0) }],
    sources: moneySources({ itemId: 'itemId' }),
    filters: ['startDate', 'endDate', 'itemId'],
    chart: { kind: 'bar', by: 'itemId', measures: ['income', 'cost', 'profit'], top: 10 },
    order: ['-income', 'itemId'],
  },
  {
    name: 'saleTarget', label: { zh: '销售目标报表', en: 'Sale targets' }, sort: 9, byYear: true,
    dims: [{ key: 'salesman', label: { zh: '销售员', en: 'Salesperson' } }],
    measures: [
      money('target', { zh: '目标金额', en: 'Target' }), money('actual', { zh: '实际完成', en: 'Achieved' }),
      money('gap', { zh: '差额', en: 'Gap', derive: (r) => r.target - r.actual }),
      { key: 'rate', label: { zh: '完成率', en: 'Achieved %' }, format: 'percent', derive: (r) => (r.target ? r.actual / r.target : 0) },
    ],
    sources: [
      { fact: 'manage/sale-target', year: 'targetYear', filters: { salesman: 'salesman' }, dims: { salesman: 'salesman' }, measures: [{ key: 'target', agg: 'sum', field: 'targetAmount' }] },
      { fact: 'manage/income', date: 'incomeDate', filters: { salesman: 'salesman' }, dims: { salesman: 'salesman' }, notNull: ['salesman'], measures: [{ key: 'actual', agg: 'sum', field: 'amount' }] },
    ],
    filters: ['year', 'salesman'],
    chart: { kind: 'bar', by: 'salesman', measures: ['target', 'actual'] },
    order: ['-target', 'salesman'],
  },
  {
    name: 'customInfo', label: { zh: '客户信息报表', en: 'Customers' }, sort: 10,
    dims: [{ key: 'customerId', label: { zh: '客户', en: 'Customer' }, lookup: { model: 'manage/customer', field: 'customerName' } }],
    measures: [
      count('items', { zh: '项目数', en: 'Items' }), count('payments', { zh: '收款笔数', en: 'Payments' }), money('income', { zh: '收款金额', en: 'Received' }),
      { key: 'lastDate', label: { zh: '最近收款', en: 'Last payment' }, format: 'date', noTotal: true },
    ],
    sources: [
      { fact: 'manage/item', filters: { customerId: 'customerId' }, dims: { customerId: 'customerId' }, notNull: ['customerId'], measures: [{ key: 'items', agg: 'count' }] },
      { fact: 'manage/income', date: 'incomeDate', filters: { customerId: 'customerId', salesman: 'salesman' }, dims: { customerId: 'customerId' }, notNull: ['customerId'],
        measures: [{ key: 'payments', agg: 'count' }, { key: 'income', agg: 'sum', field: 'amount' }, { key: 'lastDate', agg: 'max', field: 'incomeDate' }] },
    ],
    filters: ['startDate', 'endDate', 'customerId', 'salesman'],
    chart: { kind: 'pie', by: 'customerId', measures: ['income'], top: 8 },
    order: ['-income', 'customerId'],
  },
];

export const reportSpecByName = new Map(reportSpecs.map((s) => [s.name, s]));

if (reportSpecs.map((s) => s.name).join() !== REPORT_NAMES.join()) throw new Error('report specs and REPORT_NAMES differ');
