/**
 * i18next set-up: zh (default) and en, the choice kept in browser storage under
 * `saber-language`. The engine's texts live under the `engine` prefix (`engine.add`).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../shared/schema/entity-model';
import { engineMessages } from '../engine/engine-messages';
import { siteConfig } from '../site-config';
import { getStore, setStore } from '../store/storage';
import { en } from './en';
import { zh } from './zh';

const LANGUAGE_STORE = 'language';

function toLang(value: unknown): Lang {
  return value === 'en' ? 'en' : value === 'zh' ? 'zh' : (siteConfig.defaultLanguage as Lang);
}

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: {
      zh: { translation: { ...zh, engine: engineMessages.zh } },
      en: { translation: { ...en, engine: engineMessages.en } },
    },
    lng: toLang(getStore<string>(LANGUAGE_STORE)),
    fallbackLng: 'zh',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = currentLang();
  return i18next;
}

/** The current language for code outside React (the API client's Accept-Language). */
export function currentLang(): Lang {
  return toLang(i18next.language);
}

export async function changeLang(lang: Lang): Promise<void> {
  setStore({ name: LANGUAGE_STORE, content: lang });
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
