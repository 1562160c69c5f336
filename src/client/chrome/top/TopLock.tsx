import LockOutlined from '@mui/icons-material/LockOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../ui/lazy-page';
import { TopButton } from './TopButton';

const LockDialog = lazyPage(() => import('./LockDialog').then((m) => m.LockDialog));

/** Lock button: asks for a lock password, then locks the screen. */
export function TopLock() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <TopButton id="top_lock" label={t('navbar.lock')} onClick={() => setOpen(true)}>
        <LockOutlined fontSize="small" />
      </TopButton>
      {isOpen && (
        <Suspense fallback={null}>
          <LockDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
