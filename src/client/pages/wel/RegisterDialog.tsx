import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RegisterForm } from '../../session/guest';
import { useRegisterForm } from './use-register-form';

const FIELDS: { name: keyof RegisterForm; type?: string }[] = [
  { name: 'tenantId' },
  { name: 'name' },
  { name: 'account' },
  { name: 'password', type: 'password' },
  { name: 'password2', type: 'password' },
];

/** 账号注册 (Saber third-register.vue): opens by itself for a third-party user without a real user id; cannot be dismissed. */
export function RegisterDialog() {
  const { t } = useTranslation();
  const form = useRegisterForm();
  return (
    <>
      <Dialog open={!form.isSubmitted} maxWidth="xs" fullWidth slotProps={{ paper: { id: 'register_dialog' } }} aria-labelledby="register_dialog_title">
        <DialogTitle id="register_dialog_title">{t('register.title')}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {FIELDS.map(({ name, type }) => (
              <TextField
                key={name}
                id={`register_${name}`}
                type={type}
                size="small"
                fullWidth
                label={t(`register.${name}`)}
                value={form.values[name]}
                onChange={(e) => form.change(name, e.target.value)}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button id="register_submit" variant="contained" disabled={form.busy} onClick={() => void form.submit()}>
            {t('register.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={form.isSubmitted} maxWidth="xs" fullWidth slotProps={{ paper: { id: 'register_done' } }}>
        <DialogTitle>{t('tip')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('register.submitted')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button id="register_done_ok" variant="contained" onClick={() => void form.leave()}>
            {t('submitText')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
