import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '../../../components/ActionDialog';
import type { ResourceRow } from '../../../engine/data/resource-api';
import { DateTimeInput } from '../../../engine/form/widgets/DateTimeInput';
import { joinIds } from '../../shared/selection';
import { useSubmit } from '../../shared/use-submit';
import { saveTenantSetting } from './tenant-api';
import { initialSetting } from './tenant-setting';

export interface TenantDialogProps {
  tenants: ResourceRow[];
  onClose: () => void;
  onDone: () => void;
}

/** 租户授权配置 (450 px): 账号额度 and 过期时间 for every selected tenant → `tenant/setting`. */
export function TenantSettingDialog({ tenants, onClose, onDone }: TenantDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => initialSetting(tenants));
  const { busy, run } = useSubmit(onDone);
  const quota = Number(form.accountNumber);
  const quotaBad = form.accountNumber.trim() === '' || !Number.isInteger(quota);
  const save = () =>
    run(() => saveTenantSetting({ ids: joinIds(tenants), accountNumber: quota, expireTime: form.expireTime || undefined }));
  return (
    <ActionDialog
      id="tenant_setting_dialog"
      title={t('pages.tenant.settingDialog')}
      width={450}
      busy={busy}
      submitDisabled={quotaBad}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          id="tenant_setting_accountNumber"
          type="number"
          label={t('pages.tenant.accountNumber')}
          helperText={t('pages.tenant.accountNumberTip')}
          value={form.accountNumber}
          error={quotaBad}
          onChange={(e) => setForm((f) => ({ ...f, accountNumber: e.target.value }))}
          slotProps={{ htmlInput: { step: 1 } }}
        />
        <DateTimeInput
          id="tenant_setting_expireTime"
          label={t('pages.tenant.expireTime')}
          helperText={t('pages.tenant.expireTimeTip')}
          value={form.expireTime}
          onChange={(text) => setForm((f) => ({ ...f, expireTime: text }))}
        />
      </Stack>
    </ActionDialog>
  );
}
