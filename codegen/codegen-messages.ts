import { fillPlaceholders } from '../src/shared/i18n/translate.js';
import type { Lang, LocalText } from '../src/shared/schema/entity-model.js';

/** Texts of the generator; `{name}` placeholders are filled by CodegenError.text. */
const codegenMessages = {
  noPrimaryKey: { zh: '表 {table} 没有主键,无法生成(请先为表添加主键)', en: 'the table {table} has no primary key: add one before generating' },
  compositeKey: { zh: '表 {table} 的主键由多列组成({columns}),暂不支持', en: 'the table {table} has a primary key of several columns ({columns}), which is not supported' },
  unmappableType: { zh: '表 {table} 的列 {column} 类型 {type} 无法映射为表单字段', en: 'the column {column} of {table} has the type {type}, which cannot be mapped to a form field' },
  columnName: { zh: '表 {table} 的列名 {column} 无法映射(只能使用小写字母、数字和下划线)', en: 'the column name {column} of {table} cannot be mapped: use lower-case letters, digits and underscores' },
  idNotBigint: { zh: '表 {table} 的主键 id 须为 bigint 类型', en: 'the primary key id of {table} must be a bigint' },
  name: { zh: '{what}不合法: {value}(小写字母开头,只能包含小写字母、数字和 -)', en: 'invalid {what} {value}: start with a lower-case letter, then lower-case letters, digits and -' },
  apiPath: { zh: '接口路径不合法: {value}(形如 /blade-demo/notice)', en: 'invalid API path {value}: write it as /blade-demo/notice' },
  invalidSchema: { zh: '生成的模型未通过校验({pointer}): {detail}', en: 'the generated schema is not valid at {pointer}: {detail}' },
  prototypeField: { zh: '字段配置不正确: {field} 的 {key} 取值 {value} 不可用', en: 'field settings are not valid: {key} of {field} cannot be {value}' },
  noFields: { zh: '没有可生成的字段', en: 'there is no field to generate' },
  pathTaken: { zh: '接口路径 {path} 已被 {owner} 使用', en: 'the API path {path} is already used by {owner}' },
  tableTaken: { zh: '表 {table} 已由模型 {owner} 管理', en: 'the table {table} is already managed by {owner}' },
} satisfies Record<string, LocalText>;

export type CodegenMessage = keyof typeof codegenMessages;

/** Bad input to the generator: nothing was written. */
export class CodegenError extends Error {
  constructor(readonly key: CodegenMessage, readonly params: Record<string, string | number> = {}) {
    super(fillPlaceholders(codegenMessages[key].en, params));
    this.name = 'CodegenError';
  }

  text(lang: Lang): string {
    return fillPlaceholders(codegenMessages[this.key][lang], this.params);
  }
}
