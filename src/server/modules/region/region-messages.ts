import type { Lang } from '../../../shared/schema/entity-model.js';
import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** The region module's own messages. */
const texts = {
  zh: {
    uploadMissing: '请上传 .xls,.xlsx 标准格式文件',
    uploadUnreadable: '无法读取上传的文件,请上传 .xlsx 标准格式文件',
    headerMissing: '模板缺少列: {labels}',
    importEmpty: '上传的文件中没有行政区划数据',
    importRejected: '第 {row} 行: {message}',
    codeExists: '区划编号 [{code}] 已存在',
    parentMissing: '父区划编号 [{code}] 不存在',
    exportName: '行政区划数据导出',
    templateName: '行政区划数据模板',
    imported: '导入成功 {count} 条',
  },
  en: {
    uploadMissing: 'please upload a standard .xls or .xlsx file',
    uploadUnreadable: 'the uploaded file cannot be read; please upload a standard .xlsx file',
    headerMissing: 'the sheet lacks the columns: {labels}',
    importEmpty: 'the uploaded file holds no regions',
    importRejected: 'row {row}: {message}',
    codeExists: 'the region code [{code}] already exists',
    parentMissing: 'the parent region code [{code}] does not exist',
    exportName: 'regions',
    templateName: 'regions template',
    imported: '{count} rows imported',
  },
} satisfies Record<Lang, Record<string, string>>;

export type RegionTextKey = keyof typeof texts.zh;

export function regionText(lang: Lang, key: RegionTextKey, params: Record<string, unknown> = {}): string {
  return fillPlaceholders(texts[lang][key], params);
}

/** A 400 with one of the module's messages. */
export function regionError(lang: Lang, key: RegionTextKey, params: Record<string, unknown> = {}): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: regionText(lang, key, params) });
}
