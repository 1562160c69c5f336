import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../site-config';
import { useLoginForm, type LoginField } from './use-login-form';

export const adornment = (icon: ReactNode) => ({ input: { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> } });

/** 账号密码登录: tenant (tenantMode, unless the domain names one), account, password (eye toggle), captcha (captchaMode). */
export function AccountForm({ fixedTenantId }: { fixedTenantId?: string }) {
  const { t } = useTranslation();
  const form = useLoginForm(fixedTenantId);
  const [isPasswordShown, setPasswordShown] = useState(false);
  const fieldProps = (field: LoginField, placeholder: string) => ({
    id: `login-${field}`,
    name: field,
    value: form.values[field],
    placeholder,
    fullWidth: true,
    size: 'small' as const,
    error: form.missing.has(field),
    onChange: (e: { target: { value: string } }) => form.change(field, e.target.value),
  });
  const passwordToggle = (
    <InputAdornment position="end">
      <IconButton id="login-password-toggle" size="small" edge="end" aria-label={t('login.showPassword')} onClick={() => setPasswordShown((v) => !v)}>
        {isPasswordShown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
  const { captcha } = form;
  return (
    <Box component="form" noValidate onSubmit={(e) => void form.submit(e)} sx={{ display: 'grid', gap: 2 }}>
      {siteConfig.tenantMode && !fixedTenantId && (
        <TextField {...fieldProps('tenantId', t('login.tenantId'))} autoComplete="organization" slotProps={adornment(<ApartmentOutlined fontSize="small" />)} />
      )}
      <TextField
        {...fieldProps('username', t('login.username'))}
        autoComplete="username"
        autoFocus
        helperText={form.missing.has('username') ? t('login.usernameRequired') : undefined}
        slotProps={adornment(<AccountCircleOutlined fontSize="small" />)}
      />
      <TextField
        {...fieldProps('password', t('login.password'))}
        type={isPasswordShown ? 'text' : 'password'}
        autoComplete="current-password"
        helperText={form.missing.has('password') ? t('login.passwordRequired') : undefined}
        slotProps={{ input: { ...adornment(<LockOutlined fontSize="small" />).input, endAdornment: passwordToggle } }}
      />
      {captcha.isEnabled && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            {...fieldProps('code', t('login.code'))}
            helperText={form.missing.has('code') ? t('login.codeRequired') : undefined}
            slotProps={adornment(<VerifiedUserOutlined fontSize="small" />)}
          />
          <Box
            component="img"
            id="login-captcha"
            src={captcha.captcha?.image}
            alt={t('login.captcha')}
            onClick={captcha.refresh}
            sx={{ height: 40, width: 110, flexShrink: 0, cursor: 'pointer', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        </Box>
      )}
      <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting} id="login-submit">
        {form.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </Box>
  );
}
