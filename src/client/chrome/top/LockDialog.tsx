import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ActionDialog } from '../../components/ActionDialog';
import { siteConfig } from '../../site-config';
import { lockScreen } from '../../store/lock-store';

/** 设置锁屏密码 (Saber top-lock.vue): the password is required; the lock page opens 100 ms later. */
export function LockDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isMissing, setMissing] = useState(false);
  const submit = () => {
    if (!password) return setMissing(true);
    onClose();
    setTimeout(() => {
      lockScreen(password);
      navigate(siteConfig.lockPage);
    }, siteConfig.lockDelayMs);
  };
  return (
    <ActionDialog id="lock_dialog" title={t('lock.setTitle')} width={420} onSubmit={submit} onClose={onClose}>
      <TextField
        id="lock_dialog_password"
        type="password"
        label={t('lock.password')}
        autoFocus
        fullWidth
        required
        size="small"
        value={password}
        error={isMissing}
        helperText={isMissing ? t('lock.passwordRequired') : ' '}
        onChange={(e) => {
          setPassword(e.target.value);
          if (e.target.value) setMissing(false);
        }}
        onBlur={() => setMissing(!password)}
        onKeyDown={(e) => e.key === 'Enter' && submit()}
        sx={{ mt: 1 }}
      />
    </ActionDialog>
  );
}
