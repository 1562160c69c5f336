/**
 * i18next set-up: zh (default, bundled) and en (its own chunk, loaded before the first
 * render when it is the stored choice, or when chosen), the choice kept in browser
 * storage under `saber-language`. The engine's texts live under the `engine` prefix
 * (`engine.add`).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../shared/schema/entity-model';
import { engineMessages } from '../engine/engine-messages';
import { siteConfig } from '../site-config';
import { getStore, setStore } from '../store/storage';
import type { Catalogue } from './zh';
import { zh } from './zh';

const LANGUAGE_STORE = 'language';

const loaders: Record<Lang, () => Promise<Catalogue>> = {
  zh: () => Promise.resolve(zh),
  en: () => import('./en').then((m) => m.en),
};

function toLang(value: unknown): Lang {
  return value === 'en' ? 'en' : value === 'zh' ? 'zh' : (siteConfig.defaultLanguage as Lang);
}

async function ensureLanguage(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', { ...(await loaders[lang]()), engine: engineMessages[lang] });
}

/** Initialises i18next in the stored language (its catalogue loaded first). */
export async function initI18n(): Promise<typeof i18next> {
  const lang = toLang(getStore<string>(LANGUAGE_STORE));
  await i18next.use(initReactI18next).init({
    resources: { zh: { translation: { ...zh, engine: engineMessages.zh } } },
    lng: 'zh',
    fallbackLng: 'zh',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  if (lang !== 'zh') {
    // A catalogue that fails to load (offline, a new deployment) leaves the page in zh rather than blank.
    await ensureLanguage(lang).then(() => i18next.changeLanguage(lang), () => undefined);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = currentLang();
  return i18next;
}

/** The current language for code outside React (the API client's Accept-Language). */
export function currentLang(): Lang {
  return toLang(i18next.language);
}

export async function changeLang(lang: Lang): Promise<void> {
  await ensureLanguage(lang);
  setStore({ name: LANGUAGE_STORE, content: lang });
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
