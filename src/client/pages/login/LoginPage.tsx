import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../chrome/LanguageSwitch';
import { siteConfig } from '../../site-config';
import { useLoginForm, type LoginField } from './use-login-form';

const adornment = (icon: ReactNode) => ({ input: { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> } });

/** /login: tenant, account and password; Enter submits. */
export function LoginPage() {
  const { t } = useTranslation();
  const form = useLoginForm();
  const [isPasswordShown, setPasswordShown] = useState(false);
  const fieldProps = (field: LoginField, placeholder: string) => ({
    id: `login-${field}`,
    name: field,
    value: form.values[field],
    placeholder,
    fullWidth: true,
    size: 'small' as const,
    onChange: (e: { target: { value: string } }) => form.change(field, e.target.value),
  });
  const passwordToggle = (
    <InputAdornment position="end">
      <IconButton size="small" edge="end" aria-label="toggle password" onClick={() => setPasswordShown((v) => !v)}>
        {isPasswordShown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: 'linear-gradient(135deg, #409EFF 0%, #1d3d6e 100%)' }}>
      <Box sx={{ position: 'fixed', top: 12, right: 12, color: 'common.white' }}>
        <LanguageSwitch />
      </Box>
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 400, p: 4 }}>
        <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 600 }}>
          {t('login.title')} {siteConfig.title}
        </Typography>
        <Typography variant="body2" align="center" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {t('login.info')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void form.submit(e)} sx={{ display: 'grid', gap: 2 }}>
          {siteConfig.tenantMode && (
            <TextField {...fieldProps('tenantId', t('login.tenantId'))} autoComplete="organization" slotProps={adornment(<ApartmentOutlined fontSize="small" />)} />
          )}
          <TextField
            {...fieldProps('username', t('login.username'))}
            autoComplete="username"
            autoFocus
            error={form.missing.has('username')}
            helperText={form.missing.has('username') ? t('login.usernameRequired') : undefined}
            slotProps={adornment(<AccountCircleOutlined fontSize="small" />)}
          />
          <TextField
            {...fieldProps('password', t('login.password'))}
            type={isPasswordShown ? 'text' : 'password'}
            autoComplete="current-password"
            error={form.missing.has('password')}
            helperText={form.missing.has('password') ? t('login.passwordRequired') : undefined}
            slotProps={{ input: { ...adornment(<LockOutlined fontSize="small" />).input, endAdornment: passwordToggle } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting} id="login-submit">
            {form.isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
