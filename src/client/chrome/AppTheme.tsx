import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLang } from '../i18n/use-lang';
import { usePrefs } from '../store/prefs-store';
import { themePalette } from './theme-palette';

/**
 * MUI theme from the stored theme name (chrome look, palette mode) and colour (primary,
 * made readable: theme-palette.ts),
 * with MUI's own texts in the current language (the date pickers' texts: PickerTexts,
 * loaded with the pickers). Like Saber, the body also carries the theme name as its class.
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const lang = useLang();
  const { themeName, colorName } = usePrefs();
  const theme = useMemo(() => {
    const { chrome, palette } = themePalette(themeName, colorName);
    return createTheme(
      {
        palette,
        shape: { borderRadius: 4 },
        typography: { fontSize: 14, button: { textTransform: 'none' } },
        components: { MuiButton: { defaultProps: { disableElevation: true } } },
        chrome,
      },
      lang === 'en' ? enUS : zhCN,
    );
  }, [lang, themeName, colorName]);
  useEffect(() => {
    document.body.className = themeName;
  }, [themeName]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
