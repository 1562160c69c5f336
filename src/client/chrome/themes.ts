/**
 * The 11 looks of the theme picker (Saber top-theme.vue; names from saber-screens §8.6).
 * Each is a finished look of the chrome — header, sidebar, logo, tag bar and page
 * background — plus the MUI palette mode; the primary colour comes from the colour
 * picker. `PRIMARY` in a look stands for that colour (a shade of it that white text reads
 * on, theme-palette.ts). Text and fills are chosen for WCAG AA contrast (4.5:1), so a few
 * vendor colours are a shade darker than their originals (hey, lte, cool). Components read the look as
 * `theme.chrome` (module augmentation below).
 */
export const THEME_NAMES = [
  'default',
  'theme-white',
  'theme-dark',
  'theme-star',
  'theme-bule',
  'theme-iview',
  'theme-vip',
  'theme-cool',
  'theme-d2',
  'theme-hey',
  'theme-lte',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export const PRIMARY = 'PRIMARY';

export interface ChromeLook {
  mode: 'light' | 'dark';
  /** Page colour, and an optional gradient painted over the content area. */
  background: string;
  backdrop?: string;
  paper: string;
  header: { background: string; color: string };
  logo: { background: string; color: string };
  sidebar: { background: string; color: string; hover: string; active: string; activeColor: string; activeBar?: string };
  tags: { background: string; color: string };
}

const lightTags = { background: '#fff', color: '#606266' };

export const themeLooks: Record<ThemeName, ChromeLook> = {
  default: {
    mode: 'light', background: '#f0f2f5', paper: '#fff',
    header: { background: '#fff', color: '#303133' },
    logo: { background: '#20222a', color: '#fff' },
    sidebar: { background: '#20222a', color: 'rgba(255,255,255,0.7)', hover: 'rgba(255,255,255,0.06)', active: PRIMARY, activeColor: '#fff' },
    tags: lightTags,
  },
  'theme-white': {
    mode: 'light', background: '#f7f8fa', paper: '#fff',
    header: { background: '#fff', color: '#303133' },
    logo: { background: '#fff', color: PRIMARY },
    sidebar: { background: '#fff', color: '#303133', hover: '#f5f7fa', active: '#ecf5ff', activeColor: PRIMARY, activeBar: PRIMARY },
    tags: lightTags,
  },
  'theme-dark': {
    mode: 'dark', background: '#141414', paper: '#1f1f1f',
    header: { background: '#1f1f1f', color: '#e5e5e5' },
    logo: { background: '#000', color: '#fff' },
    sidebar: { background: '#000', color: '#bfbfbf', hover: '#262626', active: PRIMARY, activeColor: '#fff' },
    tags: { background: '#1f1f1f', color: '#bfbfbf' },
  },
  'theme-star': {
    mode: 'light', background: '#f5f3ff', backdrop: 'linear-gradient(135deg, #f3f0ff 0%, #fdf0fa 50%, #eef6ff 100%)', paper: '#fff',
    header: { background: 'linear-gradient(90deg, #6a11cb 0%, #2575fc 100%)', color: '#fff' },
    logo: { background: '#2b1055', color: '#fff' },
    sidebar: { background: 'linear-gradient(180deg, #2b1055 0%, #5b3a9e 55%, #7597de 100%)', color: 'rgba(255,255,255,0.85)', hover: 'rgba(255,255,255,0.12)', active: 'rgba(255,255,255,0.24)', activeColor: '#fff', activeBar: '#fff' },
    tags: { background: 'rgba(255,255,255,0.85)', color: '#5b3a9e' },
  },
  'theme-bule': {
    mode: 'light', background: '#eef3fa', paper: '#fff',
    header: { background: 'linear-gradient(90deg, #1f5dbd 0%, #3a8ee6 100%)', color: '#fff' },
    logo: { background: '#0b2149', color: '#fff' },
    sidebar: { background: '#0f2b5b', color: 'rgba(255,255,255,0.75)', hover: 'rgba(255,255,255,0.08)', active: PRIMARY, activeColor: '#fff' },
    tags: lightTags,
  },
  'theme-iview': {
    mode: 'light', background: '#f5f7f9', paper: '#fff',
    header: { background: '#fff', color: '#515a6e' },
    logo: { background: '#495060', color: '#fff' },
    sidebar: { background: '#515a6e', color: '#d4d6db', hover: '#464c5b', active: '#363e4f', activeColor: '#fff', activeBar: PRIMARY },
    tags: { background: '#f0f0f0', color: '#515a6e' },
  },
  'theme-vip': {
    mode: 'light', background: '#f6f3ec', paper: '#fffdf8',
    header: { background: '#1b1b1b', color: '#e6c27a' },
    logo: { background: '#000', color: '#e6c27a' },
    sidebar: { background: '#111', color: '#c9b68a', hover: 'rgba(230,194,122,0.1)', active: 'linear-gradient(90deg, #e6c27a 0%, #b8902f 100%)', activeColor: '#111' },
    tags: { background: '#fffdf8', color: '#8a6d2b' },
  },
  'theme-cool': {
    mode: 'light', background: '#eefafa', paper: '#fff',
    header: { background: 'linear-gradient(90deg, #0f9b8e 0%, #13c2c2 100%)', color: '#fff' },
    logo: { background: '#0b2d30', color: '#5ff3e6' },
    sidebar: { background: '#0f3a3e', color: 'rgba(255,255,255,0.75)', hover: 'rgba(19,194,194,0.15)', active: '#0c7e7e', activeColor: '#fff' },
    tags: lightTags,
  },
  'theme-d2': {
    mode: 'light', background: '#ebf1f6', backdrop: 'linear-gradient(180deg, #ebf1f6 0%, #f7f9fc 100%)', paper: '#fff',
    header: { background: '#ebf1f6', color: '#606266' },
    logo: { background: '#ebf1f6', color: PRIMARY },
    sidebar: { background: '#ebf1f6', color: '#606266', hover: 'rgba(64,158,255,0.08)', active: '#fff', activeColor: PRIMARY },
    tags: { background: 'rgba(255,255,255,0.6)', color: '#606266' },
  },
  'theme-hey': {
    mode: 'light', background: '#f3f6f8', paper: '#fff',
    header: { background: '#2e73ca', color: '#fff' },
    logo: { background: '#2a66b8', color: '#fff' },
    sidebar: { background: '#fafbfc', color: '#555', hover: '#eef3fb', active: 'rgba(55,136,238,0.12)', activeColor: '#2966b2', activeBar: '#2966b2' },
    tags: lightTags,
  },
  'theme-lte': {
    mode: 'light', background: '#ecf0f5', paper: '#fff',
    header: { background: '#33779f', color: '#fff' },
    logo: { background: '#2f6e93', color: '#fff' },
    sidebar: { background: '#222d32', color: '#b8c7ce', hover: '#1e282c', active: '#1e282c', activeColor: '#fff', activeBar: '#3c8dbc' },
    tags: lightTags,
  },
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** The look of a stored theme name (unknown names get the site default), with PRIMARY resolved. */
export function resolveLook(themeName: string, primary: string, fallback: ThemeName): ChromeLook {
  const look = themeLooks[isThemeName(themeName) ? themeName : fallback];
  const fill = (value: string) => value.split(PRIMARY).join(primary);
  const fillAll = <T extends Record<string, string | undefined>>(part: T): T =>
    Object.fromEntries(Object.entries(part).map(([k, v]) => [k, v === undefined ? v : fill(v)])) as T;
  return { ...look, header: fillAll(look.header), logo: fillAll(look.logo), sidebar: fillAll(look.sidebar), tags: fillAll(look.tags) };
}

declare module '@mui/material/styles' {
  interface Theme {
    chrome: ChromeLook;
  }
  interface ThemeOptions {
    chrome?: ChromeLook;
  }
}
