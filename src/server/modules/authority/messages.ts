import type { Lang } from '../../../shared/schema/entity-model.js';

const texts = {
  zh: { forbidden: '无权限执行该操作', apiForbidden: '无权访问该接口' },
  en: { forbidden: 'you have no permission for this operation', apiForbidden: 'you have no permission to call this API' },
} as const;

export function authorityText(lang: Lang, key: keyof (typeof texts)['zh']): string {
  return texts[lang][key];
}
