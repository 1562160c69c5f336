import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import { useMemo, type ReactNode } from 'react';
import { useLang } from '../i18n/use-lang';
import { siteConfig } from '../site-config';

/** MUI theme: the site colour (#409EFF) and MUI's own texts in the current language. */
export function AppTheme({ children }: { children: ReactNode }) {
  const lang = useLang();
  const theme = useMemo(
    () =>
      createTheme(
        {
          palette: { primary: { main: siteConfig.defaultColor }, background: { default: '#f0f2f5' } },
          shape: { borderRadius: 4 },
          typography: { fontSize: 14, button: { textTransform: 'none' } },
          components: { MuiButton: { defaultProps: { disableElevation: true } } },
        },
        lang === 'en' ? enUS : zhCN,
      ),
    [lang],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
