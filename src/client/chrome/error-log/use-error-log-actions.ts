import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http';
import { reportFailure } from '../../ui/report-failure';
import { clearLogs, getLogs } from '../../store/logs-store';
import { toast } from '../../ui/toast';

type Pending = 'upload' | 'clear' | undefined;

/** Upload (POST /blade-log/error/client, then 发送成功! and clear) and clear (清空成功!), each after a question. */
export function useErrorLogActions() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (pending === 'upload') {
        await request({ method: 'POST', url: '/blade-log/error/client', data: getLogs() });
        toast.success(t('logs.uploadSuccess'));
      } else {
        toast.success(t('logs.clearSuccess'));
      }
      clearLogs();
    } catch (error) {
      reportFailure(error); // the API client toasted the refusal; the logs stay for another try
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };
  return {
    askUpload: () => setPending('upload'),
    askClear: () => setPending('clear'),
    confirm: {
      open: pending !== undefined,
      message: t(pending === 'upload' ? 'logs.uploadConfirm' : 'logs.clearConfirm'),
      busy,
      onConfirm: () => void run(),
      onClose: () => setPending(undefined),
    },
  };
}
