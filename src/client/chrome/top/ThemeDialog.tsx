import Box from '@mui/material/Box';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/ActionDialog';
import { setThemeName, usePrefs } from '../../store/prefs-store';
import { resolveLook, THEME_NAMES, type ThemeName } from '../themes';

/** A miniature of a look: header, sidebar and page. */
function Preview({ name, color }: { name: ThemeName; color: string }) {
  const look = resolveLook(name, color, name);
  return (
    <Box sx={{ height: 64, display: 'flex', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <Box sx={{ width: 22, background: look.sidebar.background, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ height: 12, background: look.logo.background }} />
        <Box sx={{ height: 6, mt: 1, mx: 0.5, borderRadius: 0.5, background: look.sidebar.active }} />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ height: 12, background: look.header.background }} />
        <Box sx={{ flex: 1, background: look.backdrop ?? look.background, p: 0.5 }}>
          <Box sx={{ height: '100%', borderRadius: 0.5, bgcolor: look.paper }} />
        </Box>
      </Box>
    </Box>
  );
}

/** Theme picker (Saber top-theme.vue, dialog 选择): a pick applies at once and is remembered. */
export function ThemeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { themeName, colorName } = usePrefs();
  return (
    <ActionDialog id="theme_dialog" title={t('chrome.themeTitle')} width={720} readOnly onClose={onClose}>
      <Box role="radiogroup" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        {THEME_NAMES.map((name) => (
          <Box
            key={name}
            component="label"
            data-theme-option={name}
            sx={{ cursor: 'pointer', p: 1, borderRadius: 1, border: 2, borderColor: name === themeName ? 'primary.main' : 'transparent', '&:hover': { bgcolor: 'action.hover' } }}
          >
            <Preview name={name} color={colorName} />
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Radio size="small" checked={name === themeName} onChange={() => setThemeName(name)} value={name} />
              <Typography variant="body2">{t(`theme.${name}`)}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </ActionDialog>
  );
}
