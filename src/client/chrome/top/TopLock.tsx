import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../ui/lazy-page';
import { TopDialogButton } from './TopDialogButton';

const LockDialog = lazyPage(() => import('./LockDialog').then((m) => m.LockDialog));

/** Lock button: asks for a lock password, then locks the screen. */
export function TopLock() {
  const { t } = useTranslation();
  return (
    <TopDialogButton id="top_lock" label={t('navbar.lock')} dialog={LockDialog}>
      <LockOutlined fontSize="small" />
    </TopDialogButton>
  );
}
