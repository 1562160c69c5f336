import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { downloadFile } from '../../shared/download';
import { errorWorkbookPath, importRowErrors, type ImportRowError } from './import-errors';
import { EXPORT_TEMPLATE_URL, importUsers } from './user-api';

/**
 * The import dialog's controller: the chosen workbook and the overwrite switch; 确定
 * uploads it. A refusal is toasted by the API client and its per-row errors (nothing was
 * imported) stay in the dialog, with the annotated workbook when the server kept one; a
 * success toasts the server's message and closes.
 */
export function useUserImport(onDone: () => void) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [isCovered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [errorWorkbook, setErrorWorkbook] = useState<string>();

  const clearErrors = () => {
    setRowErrors([]);
    setErrorWorkbook(undefined);
  };

  const pickFile = (next: File | undefined) => {
    setFile(next);
    clearErrors();
  };

  const submit = async () => {
    if (!file) {
      toast.warning(t('pages.user.fileRequired'));
      return;
    }
    setBusy(true);
    clearErrors();
    try {
      const body = await importUsers({ file, isCovered });
      toast.success(body.msg || t('pages.common.operationSuccess'));
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) reportFailure(error);
      else {
        setRowErrors(importRowErrors(error.body));
        setErrorWorkbook(errorWorkbookPath(error.body));
      }
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = () =>
    downloadFile({ url: EXPORT_TEMPLATE_URL, fallbackName: `${t('pages.user.templateFile')}.xlsx` }).catch(reportFailure);

  /** The server's copy of the workbook with each refused cell annotated. */
  const downloadErrorWorkbook = errorWorkbook
    ? () => downloadFile({ url: errorWorkbook, fallbackName: `${t('pages.user.errorWorkbookFile')}.xlsx` }).catch(reportFailure)
    : undefined;

  return { file, pickFile, isCovered, setCovered, busy, rowErrors, submit, downloadTemplate, downloadErrorWorkbook };
}
