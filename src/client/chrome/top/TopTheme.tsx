import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../ui/lazy-page';
import { TopDialogButton } from './TopDialogButton';

const ThemeDialog = lazyPage(() => import('./ThemeDialog').then((m) => m.ThemeDialog));

/** Theme picker button; the dialog loads on first use. */
export function TopTheme() {
  const { t } = useTranslation();
  return (
    <TopDialogButton id="top_theme" label={t('navbar.theme')} dialog={ThemeDialog}>
      <CheckroomOutlined fontSize="small" />
    </TopDialogButton>
  );
}
