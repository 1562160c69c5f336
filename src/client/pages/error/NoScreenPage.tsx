import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../session/session-types';

/**
 * A menu of the user's sidebar whose route address no screen serves (a menu just added
 * in 菜单管理, or a typo): said plainly where the screen would be, and the tab stays,
 * instead of a bare 404 that closes it.
 */
export function NoScreenPage({ menu }: { menu: MenuNode }) {
  const { t } = useTranslation();
  const path = (menu.path ?? '').replace(/\/index$/, '');
  return (
    <Box data-testid="no-screen" sx={{ p: 3 }}>
      <Alert severity="info" variant="outlined">
        <AlertTitle>{t('error.noScreen', { name: menu.name })}</AlertTitle>
        {t('error.noScreenHint', { path })}
      </Alert>
    </Box>
  );
}
