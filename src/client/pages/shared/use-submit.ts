import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';

/**
 * A dialog's 确定: runs the save with the button busy, then 操作成功 and `onDone`; a
 * failure (already toasted by the API client) keeps the dialog open.
 */
export function useSubmit(onDone: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await save();
      toast.success(t('pages.common.operationSuccess'));
      onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
