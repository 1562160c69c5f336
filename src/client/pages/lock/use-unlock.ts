import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../ui/toast';
import { LOGIN_PATH } from '../../routes/paths';
import { logout } from '../../session/logout';
import { unlockScreen } from '../../store/lock-store';

const SHAKE_MS = 1000;

/** The lock page's password, unlock and logout (after the question). */
export function useUnlock() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isWrong, setWrong] = useState(false);
  const [isAskingLogout, setAskingLogout] = useState(false);
  useEffect(() => {
    if (!isWrong) return;
    const timer = setTimeout(() => setWrong(false), SHAKE_MS);
    return () => clearTimeout(timer);
  }, [isWrong]);

  const submit = () => {
    // The lock page itself leaves for the last tab once the store says unlocked.
    if (unlockScreen(password)) return;
    setPassword('');
    setWrong(true);
    toast.error(t('lock.wrongPassword'));
  };
  const confirmLogout = async () => {
    setAskingLogout(false);
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };
  return {
    password,
    isWrong,
    change: setPassword,
    submit,
    askLogout: () => setAskingLogout(true),
    logoutConfirm: { open: isAskingLogout, message: t('logoutTip'), onConfirm: () => void confirmLogout(), onClose: () => setAskingLogout(false) },
  };
}
