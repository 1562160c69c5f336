import type { Lang } from '../../../shared/schema/entity-model.js';

const texts = {
  zh: { forbidden: '无权限执行该操作', apiForbidden: '无权访问该接口', platformOnly: '仅平台管理员可以修改全局数据' },
  en: {
    forbidden: 'you have no permission for this operation',
    apiForbidden: 'you have no permission to call this API',
    platformOnly: 'only the platform administrator may change platform-wide data',
  },
} as const;

export function authorityText(lang: Lang, key: keyof (typeof texts)['zh']): string {
  return texts[lang][key];
}
