import type { Lang } from '../../../shared/schema/entity-model';

/** The report screens' own texts (labels of columns come from the server's definitions). */
const texts = {
  zh: {
    startDate: '开始日期', endDate: '结束日期', year: '年度', item: '项目', itemHint: '输入项目名称',
    teamLeaderId: '班组长', workerId: '工人', category: '类别', carId: '车辆', customerId: '客户', salesman: '销售员',
    search: '查询', reset: '重置', export: '导出', total: '合计', empty: '没有符合条件的数据', emptyHint: '请调整日期范围或筛选条件后再查询',
    invertedRange: '开始日期不能晚于结束日期', other: '其他', loading: '加载中…', rows: '共 {n} 条', noOptions: '没有匹配的项目',
    unknownReport: '报表不存在',
  },
  en: {
    startDate: 'From', endDate: 'To', year: 'Year', item: 'Item', itemHint: 'type an item name',
    teamLeaderId: 'Team leader', workerId: 'Worker', category: 'Category', carId: 'Car', customerId: 'Customer', salesman: 'Salesperson',
    search: 'Search', reset: 'Reset', export: 'Export', total: 'Total', empty: 'No data matches these filters', emptyHint: 'Change the date range or the filters and search again',
    invertedRange: 'the start date must not be after the end date', other: 'Other', loading: 'Loading…', rows: '{n} rows', noOptions: 'No matching item',
    unknownReport: 'There is no such report',
  },
} satisfies Record<Lang, Record<string, string>>;

export type ReportTextKey = keyof typeof texts.zh;

export function reportText(lang: Lang, key: ReportTextKey, params: Record<string, string | number> = {}): string {
  return texts[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
