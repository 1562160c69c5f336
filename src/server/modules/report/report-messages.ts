import type { Lang } from '../../../shared/schema/entity-model.js';
import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** The report module's own messages. */
const texts = {
  zh: {
    badDate: '{label}格式不正确,应为 yyyy-MM-dd',
    invertedRange: '开始日期不能晚于结束日期',
    rangeTooLong: '日期范围不能超过 {years} 年',
    badId: '{label}不正确',
    badYear: '年度应为 2000 到 2100 之间的整数',
    badText: '{label}不能超过 {max} 个字符',
    badPage: '页码或每页条数不正确',
    unknownReport: '报表 [{name}] 不存在',
    forbidden: '无权查看该报表',
    total: '合计',
    startDate: '开始日期',
    endDate: '结束日期',
  },
  en: {
    badDate: 'the {label} must be a date written yyyy-MM-dd',
    invertedRange: 'the start date must not be after the end date',
    rangeTooLong: 'the date range must not exceed {years} years',
    badId: 'the {label} is not valid',
    badYear: 'the year must be a whole number from 2000 to 2100',
    badText: 'the {label} must not exceed {max} characters',
    badPage: 'the page number or page size is not valid',
    unknownReport: 'there is no report [{name}]',
    forbidden: 'you may not view this report',
    total: 'Total',
    startDate: 'start date',
    endDate: 'end date',
  },
} satisfies Record<Lang, Record<string, string>>;

export type ReportTextKey = keyof typeof texts.zh;

export function reportText(lang: Lang, key: ReportTextKey, params: Record<string, unknown> = {}): string {
  return fillPlaceholders(texts[lang][key], params);
}

/** A 400 with one of the module's messages, in the caller's language. */
export function reportError(lang: Lang, key: ReportTextKey, params: Record<string, unknown> = {}, status = 400): AppError {
  return new AppError({ code: status === 403 ? ErrorCodes.FORBIDDEN : ErrorCodes.BAD_REQUEST, status, text: reportText(lang, key, params) });
}
