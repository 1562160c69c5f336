import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../site-config';
import { adornment } from './AccountForm';
import { usePhoneForm } from './use-phone-form';

/** 手机号登录: tenant, phone, code with the send link (60 s countdown). */
export function PhoneForm({ fixedTenantId }: { fixedTenantId?: string }) {
  const { t } = useTranslation();
  const form = usePhoneForm(fixedTenantId);
  const sendLink = (
    <InputAdornment position="end">
      <Link id="phone-send" component="button" type="button" underline="none" disabled={form.countdown > 0} onClick={() => void form.sendCode()} sx={{ fontSize: 13, whiteSpace: 'nowrap' }}>
        {form.countdown > 0 ? `${form.countdown}${t('login.msgSuccess')}` : t('login.msgText')}
      </Link>
    </InputAdornment>
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void form.submit(e)} sx={{ display: 'grid', gap: 2 }}>
      {siteConfig.tenantMode && !fixedTenantId && (
        <TextField
          id="phone-tenantId"
          size="small"
          fullWidth
          placeholder={t('login.tenantId')}
          value={form.values.tenantId}
          onChange={(e) => form.change('tenantId', e.target.value)}
          slotProps={adornment(<ApartmentOutlined fontSize="small" />)}
        />
      )}
      <TextField
        id="phone-phone"
        size="small"
        fullWidth
        placeholder={t('login.phone')}
        value={form.values.phone}
        error={Boolean(form.phoneError)}
        helperText={form.phoneError ? t(`info.${form.phoneError}`) : undefined}
        onChange={(e) => form.change('phone', e.target.value)}
        onBlur={form.blurPhone}
        slotProps={{ ...adornment(<PhoneIphone fontSize="small" />), htmlInput: { inputMode: 'tel', maxLength: 11 } }}
      />
      <TextField
        id="phone-code"
        size="small"
        fullWidth
        placeholder={t('login.code')}
        value={form.values.code}
        error={form.codeError}
        helperText={form.codeError ? t('login.codeFormat') : undefined}
        onChange={(e) => form.change('code', e.target.value)}
        slotProps={{ input: { ...adornment(<SmsOutlined fontSize="small" />).input, endAdornment: sendLink }, htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Button id="phone-submit" type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
        {form.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </Box>
  );
}
