import { describe, expect, it } from 'vitest';
import { isThemeName, PRIMARY, resolveLook, THEME_NAMES, themeLooks } from '../../../../src/client/chrome/themes';
import { en } from '../../../../src/client/i18n/en';
import { zh } from '../../../../src/client/i18n/zh';

describe('themes', () => {
  it('are the 11 of the theme picker, each named in zh and en', () => {
    expect(THEME_NAMES).toEqual(['default', 'theme-white', 'theme-dark', 'theme-star', 'theme-bule', 'theme-iview', 'theme-vip', 'theme-cool', 'theme-d2', 'theme-hey', 'theme-lte']);
    for (const name of THEME_NAMES) {
      expect(zh.theme[name]).toBeTruthy();
      expect(en.theme[name]).toBeTruthy();
    }
  });

  it('each look differs from every other in its chrome colours', () => {
    const signature = (name: (typeof THEME_NAMES)[number]) => {
      const look = themeLooks[name];
      return JSON.stringify([look.header.background, look.sidebar.background, look.background, look.logo.background]);
    };
    expect(new Set(THEME_NAMES.map(signature)).size).toBe(THEME_NAMES.length);
  });

  it('dark is the only dark palette', () => {
    expect(THEME_NAMES.filter((name) => themeLooks[name].mode === 'dark')).toEqual(['theme-dark']);
  });

  it('resolves the primary colour placeholder and falls back for unknown names', () => {
    const look = resolveLook('theme-white', '#ff0000', 'theme-bule');
    expect(look.sidebar.activeColor).toBe('#ff0000');
    expect(JSON.stringify(look)).not.toContain(PRIMARY);
    expect(resolveLook('theme-nope', '#409EFF', 'theme-bule').header).toEqual(themeLooks['theme-bule'].header);
    expect(isThemeName('theme-nope')).toBe(false);
  });
});
