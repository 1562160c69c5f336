import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { PasswordForm } from './profile-rules';
import { usePasswordForm } from './use-password-form';

const FIELDS: (keyof PasswordForm)[] = ['oldPassword', 'newPassword', 'newPassword1'];

/** The 修改密码 tab: old password, new password, confirmation. */
export function PasswordFormView() {
  const { t } = useTranslation();
  const form = usePasswordForm();
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void form.save(); }} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      {FIELDS.map((name) => (
        <TextField
          key={name}
          id={`password_${name}`}
          type="password"
          size="small"
          fullWidth
          required
          autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
          label={t(`info.${name}`)}
          value={form.values[name]}
          error={Boolean(form.problems[name])}
          helperText={form.problems[name] ? t(`info.${form.problems[name]}`) : ' '}
          onChange={(e) => form.change(name, e.target.value)}
          onBlur={() => form.blur(name)}
        />
      ))}
      <Box>
        <Button id="password_submit" type="submit" variant="contained" disabled={form.busy}>
          {t('info.save')}
        </Button>
      </Box>
    </Box>
  );
}
