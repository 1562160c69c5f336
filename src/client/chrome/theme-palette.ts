import type { PaletteOptions } from '@mui/material/styles';
import { siteConfig } from '../site-config';
import { AA_TEXT_RATIO, readableOn } from './readable-color';
import { resolveLook, type ChromeLook, type ThemeName } from './themes';

/** MUI's own status colours, by palette mode (its defaults, before they are made readable). */
const STATUS = {
  light: { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' },
  dark: { error: '#f44336', warning: '#ffa726', info: '#29b6f6', success: '#66bb6a' },
} as const;

/**
 * The chrome look and MUI palette of a theme name and chosen colour, every text colour
 * readable at WCAG AA on the look's page and paper: the chosen colour (and MUI's
 * error/warning/info/success) keep their hue and are darkened — on a dark look
 * lightened — only as far as needed. The look's `PRIMARY` gets the readable colour, so
 * the selected menu item's white text reads too (on a dark look PRIMARY is the shade white
 * text reads on, while MUI's primary is the shade that reads on the dark page).
 */
export function themePalette(themeName: string, colorName: string): { chrome: ChromeLook; palette: PaletteOptions } {
  const fallback = siteConfig.defaultTheme as ThemeName;
  const base = resolveLook(themeName, colorName, fallback);
  const { mode } = base;
  const backgrounds = mode === 'light' ? ['#fff', base.paper, base.background] : [base.paper, base.background];
  const readable = (color: string) => readableOn(color, backgrounds, { mode });
  const primary = readable(colorName);
  // The look's PRIMARY fills the selected menu item under white text, and colours text on light looks.
  const primaryFill = mode === 'light' ? primary : readableOn(colorName, ['#fff']);
  const status = STATUS[mode];
  return {
    chrome: resolveLook(themeName, primaryFill, fallback),
    palette: {
      mode,
      contrastThreshold: AA_TEXT_RATIO,
      primary: { main: primary },
      error: { main: readable(status.error) },
      warning: { main: readable(status.warning) },
      info: { main: readable(status.info) },
      success: { main: readable(status.success) },
      background: { default: base.background, paper: base.paper },
    },
  };
}
