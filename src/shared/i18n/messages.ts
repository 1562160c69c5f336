import type { Lang } from '../schema/entity-model.js';

/**
 * Server and validation messages. Keys are stable; `{name}` placeholders are filled by
 * `formatMessage`. Both catalogues must hold the same keys (a unit test checks it).
 */
export const messages = {
  zh: {
    'ok': '操作成功',
    'no.data': '暂无承载数据',
    'fail': '操作失败',
    'not.found': '数据不存在或已被删除',
    'route.not.found': '404 没找到请求',
    'unauthorized': '请求未授权',
    'token.missing': '缺失令牌,鉴权失败',
    'server.error': '服务器异常,请稍后再试',
    'schema.drift': '数据表 {table} 与 {source} 不一致({detail}),请运行 {command} 查看并迁移',
    'datasource.unreachable': '数据源 {name} 无法连接({reason}),请检查数据源配置',
    'datasource.mismatch': '数据源 {name} 的表 {table} 与 {source} 不一致: {reason}',
    'bad.request': '请求参数格式错误',
    'param.missing': '缺少必要的请求参数: {name}',
    'param.invalid': '请求参数 {name} 的值不正确',
    'param.single': '请求参数 {name} 只能有一个值',
    'param.too.long': '请求参数 {name} 不能超过 {max} 个字符',
    'page.size': '请求参数 size(每页条数)必须是 1 到 {max} 之间的整数',
    'ids.invalid': '请选择至少一条数据',
    'tree.has.children': '请先删除子节点!',
    'tree.self.parent': '父节点不可选择自身!',
    'tree.root.name': '顶级',
    'unique.default': '{fields} 已存在',
    'client.missing': 'No client information in request header',
    'client.invalid': '客户端认证失败!',
    'grant.unknown': 'no grantType was found',
    'login.failed': '用户名或密码不正确',
    'login.no.role': '未获得用户的角色信息',
    'login.tenant.missing': '未获得用户的租户信息',
    'validation.required': '请输入{field}',
    'validation.required.select': '请选择{field}',
    'validation.maxLength': '{field}长度不能超过{limit}个字符',
    'validation.minLength': '{field}长度不能少于{limit}个字符',
    'validation.maximum': '{field}不能大于{limit}',
    'validation.minimum': '{field}不能小于{limit}',
    'validation.pattern': '{field}格式不正确',
    'validation.format': '{field}格式不正确',
    'validation.type': '{field}类型不正确',
    'validation.enum': '{field}取值不正确',
    'validation.other': '{field}不合法',
  },
  en: {
    'ok': 'operation success',
    'no.data': 'no data',
    'fail': 'operation failed',
    'not.found': 'the record does not exist or has been deleted',
    'route.not.found': '404 not found',
    'unauthorized': 'request unauthorized',
    'token.missing': 'token missing, authentication failed',
    'server.error': 'server error, please try again later',
    'schema.drift': 'the table {table} does not match {source} ({detail}); run {command} to see and apply the migration',
    'datasource.unreachable': 'the data source {name} cannot be reached ({reason}); check its settings',
    'datasource.mismatch': 'the table {table} of data source {name} does not match {source}: {reason}',
    'bad.request': 'malformed request parameters',
    'param.missing': 'missing required request parameter: {name}',
    'param.invalid': 'invalid value for request parameter {name}',
    'param.single': 'request parameter {name} takes a single value',
    'param.too.long': 'request parameter {name} must be at most {max} characters',
    'page.size': 'request parameter size (page size) must be a whole number from 1 to {max}',
    'ids.invalid': 'select at least one row',
    'tree.has.children': 'please delete the child nodes first',
    'tree.self.parent': 'a node cannot be its own parent',
    'tree.root.name': 'top level',
    'unique.default': '{fields} already exists',
    'client.missing': 'No client information in request header',
    'client.invalid': 'client authentication failed',
    'grant.unknown': 'no grantType was found',
    'login.failed': 'wrong user name or password',
    'login.no.role': 'the user has no role',
    'login.tenant.missing': 'the tenant of the user was not found',
    'validation.required': 'please enter the {field}',
    'validation.required.select': 'please select the {field}',
    'validation.maxLength': '{field} must be at most {limit} characters',
    'validation.minLength': '{field} must be at least {limit} characters',
    'validation.maximum': '{field} must be at most {limit}',
    'validation.minimum': '{field} must be at least {limit}',
    'validation.pattern': '{field} has an invalid format',
    'validation.format': '{field} has an invalid format',
    'validation.type': '{field} has the wrong type',
    'validation.enum': '{field} has an invalid value',
    'validation.other': '{field} is invalid',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['zh'];

/** Fills `{name}` placeholders; a placeholder without a value becomes empty. Every module's texts use it. */
export function fillPlaceholders(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function formatMessage(lang: Lang, key: MessageKey, params: Record<string, unknown> = {}): string {
  return fillPlaceholders(messages[lang][key] ?? messages.zh[key] ?? key, params);
}

/** zh unless the header asks for English first. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
