import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/schema/entity-model';

/** The current language, re-rendering the caller when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}
