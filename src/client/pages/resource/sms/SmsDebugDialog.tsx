import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { toast } from '../../../ui/toast';
import { ActionDialog } from '../../../components/ActionDialog';
import { reportFailure } from '../../../ui/report-failure';
import { sendMessage } from '../resource-api';
import { BusyButton } from '../../../ui/BusyButton';

export interface SmsDebugDialogProps {
  smsCode: string;
  onClose: () => void;
}

/**
 * 手机短信发送调试: 资源编号 (disabled), 发送手机 (required), 发送参数 (JSON); 发送 calls
 * send-message, toasts the server's message and closes (Saber sms.vue handleSend).
 */
export function SmsDebugDialog({ smsCode, onClose }: SmsDebugDialogProps) {
  const { t } = useTranslation();
  const [phones, setPhones] = useState('');
  const [params, setParams] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = touched && phones.trim() === '';
  const send = async () => {
    setTouched(true);
    if (phones.trim() === '') return;
    setBusy(true);
    try {
      const msg = await sendMessage({ code: smsCode, phones: phones.trim(), params: params.trim() });
      toast.success(msg || t('pages.common.operationSuccess'));
      onClose();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionDialog id="sms_debug_dialog" title={t('pages.resource.smsDebugDialog')} width={550} readOnly onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField id="sms_debug_code" label={t('pages.resource.code')} value={smsCode} size="small" disabled fullWidth />
        <TextField
          id="sms_debug_phones"
          label={t('pages.resource.phones')}
          placeholder={t('pages.resource.phonesPlaceholder')}
          value={phones}
          required
          size="small"
          fullWidth
          error={missing}
          helperText={missing ? t('pages.resource.phonesRequired') : undefined}
          onChange={(e) => setPhones(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <TextField
          id="sms_debug_params"
          label={t('pages.resource.params')}
          placeholder={t('pages.resource.paramsPlaceholder')}
          value={params}
          size="small"
          fullWidth
          multiline
          minRows={3}
          onChange={(e) => setParams(e.target.value)}
        />
        <Box>
          <BusyButton id="sms_debug_submit" busy={busy} onClick={() => void send()}>
            {t('pages.resource.send')}
          </BusyButton>
        </Box>
      </Stack>
    </ActionDialog>
  );
}
