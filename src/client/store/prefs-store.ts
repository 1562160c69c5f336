/**
 * Look preferences (Saber common.js themeName, colorName), in local storage as
 * `saber-themeName` and `saber-colorName`; applied on load.
 */
import { siteConfig } from '../site-config';
import { createStore, useStore } from './create-store';
import { getStore, setStore } from './storage';

export interface Prefs {
  themeName: string;
  colorName: string;
}

/** A colour MUI can derive shades from (`#rgb` or `#rrggbb`); anything else would make createTheme throw. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

const storedColor = getStore<string>('colorName');
const prefsStore = createStore<Prefs>(
  {
    themeName: getStore<string>('themeName') ?? siteConfig.defaultTheme,
    colorName: isHexColor(storedColor) ? storedColor : siteConfig.defaultColor,
  },
  (prefs) => {
    setStore({ name: 'themeName', content: prefs.themeName });
    setStore({ name: 'colorName', content: prefs.colorName });
  },
);

export function usePrefs(): Prefs {
  return useStore(prefsStore);
}

export function setThemeName(themeName: string): void {
  prefsStore.set({ ...prefsStore.get(), themeName });
}

export function setColorName(colorName: string): void {
  if (!isHexColor(colorName)) return;
  prefsStore.set({ ...prefsStore.get(), colorName });
}
