import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../shared/schema/entity-model';
import { engineMessages, type EngineMessageKey } from '../engine-messages';

export interface EngineText {
  lang: Lang;
  /** The engine text for `key` in the current language. */
  t: (key: EngineMessageKey) => string;
}

/** Current language ('zh' | 'en') and the engine's texts, falling back to the built-in catalogue. */
export function useEngineText(): EngineText {
  const { t: translate, i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  const t = useCallback(
    (key: EngineMessageKey) => translate(`engine.${key}`, { defaultValue: engineMessages[lang][key] }),
    [translate, lang],
  );
  return { lang, t };
}
