import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../ui/PageLoading';
import { AvatarUpload } from './AvatarUpload';
import { useProfileForm, type ProfileField } from './use-profile-form';

/** The 个人信息 tab: avatar, real name, name, phone (three rules), email; 保存 → update-info. */
export function ProfileForm() {
  const { t } = useTranslation();
  const form = useProfileForm();
  if (form.isLoading) return <PageLoading />;
  const field = (name: ProfileField, extra: object = {}) => (
    <TextField
      id={`info_${name}`}
      size="small"
      fullWidth
      label={t(`info.${name}`)}
      value={form.values[name]}
      onChange={(e) => form.change(name, e.target.value)}
      {...extra}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void form.save(); }} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <AvatarUpload src={form.values.avatar} isUploading={form.isUploading} onPick={(file) => void form.pickAvatar(file)} />
      {field('realName')}
      {field('name')}
      {field('phone', {
        required: true,
        error: Boolean(form.phoneError),
        helperText: form.phoneError ? t(`info.${form.phoneError}`) : ' ',
        onBlur: form.blurPhone,
        slotProps: { htmlInput: { inputMode: 'tel' } },
      })}
      {field('email', { type: 'email' })}
      <Box>
        <Button id="info_submit" type="submit" variant="contained" disabled={form.busy}>
          {t('info.save')}
        </Button>
      </Box>
    </Box>
  );
}
