import { darken, getContrastRatio, lighten } from '@mui/material/styles';

/** WCAG 2 AA for normal text (14 px and up to 18 px). */
export const AA_TEXT_RATIO = 4.5;

/**
 * `color` made just dark enough (or, on a dark page, light enough) to be read on every
 * one of `backgrounds` at `ratio`, keeping its hue; a colour already readable is kept.
 * Saber's #409EFF on white is 2.8:1, so the chosen colour goes through here before it
 * colours text or carries white text (buttons, the selected menu item).
 */
export function readableOn(color: string, backgrounds: string[], options: { ratio?: number; mode?: 'light' | 'dark' } = {}): string {
  const { ratio = AA_TEXT_RATIO, mode = 'light' } = options;
  const shift = mode === 'dark' ? lighten : darken;
  const isReadable = (c: string) => backgrounds.every((bg) => getContrastRatio(c, bg) >= ratio);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? color : shift(color, step * 0.05);
    if (isReadable(candidate)) return candidate;
  }
  return mode === 'dark' ? '#fff' : '#000';
}
