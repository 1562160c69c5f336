import type { Lang } from '../../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

const texts = {
  zh: { tooManyLogs: '一次最多上传{max}条日志', noLogs: '请求体应为日志列表' },
  en: { tooManyLogs: 'at most {max} log entries per upload', noLogs: 'the body must be a list of log entries' },
} as const;

export function logText(lang: Lang, key: keyof (typeof texts)['zh'], params: Record<string, unknown> = {}): string {
  return fillPlaceholders(texts[lang][key], params);
}
