import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../ui/lazy-page';
import { TopButton } from './TopButton';

const ThemeDialog = lazyPage(() => import('./ThemeDialog').then((m) => m.ThemeDialog));

/** Theme picker button; the dialog loads on first use. */
export function TopTheme() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <TopButton id="top_theme" label={t('navbar.theme')} onClick={() => setOpen(true)}>
        <CheckroomOutlined fontSize="small" />
      </TopButton>
      {isOpen && (
        <Suspense fallback={null}>
          <ThemeDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
