import { ImportWorkbookFields } from '../../shared/ImportWorkbookFields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { toast } from '../../../ui/toast';
import { ActionDialog } from '../../../components/ActionDialog';
import { reportFailure } from '../../../ui/report-failure';
import { downloadFile } from '../../shared/download';
import { importRegions, REGION_TEMPLATE_URL } from './region-api';

export interface RegionImportDialogProps {
  onClose: () => void;
  onDone: () => void;
}

/**
 * 行政区划数据导入 (555 px, as Saber's user import): the workbook, 数据覆盖 and the template.
 * A refusal (the row and its reason) is toasted by the API client and the dialog stays.
 */
export function RegionImportDialog({ onClose, onDone }: RegionImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [isCovered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!file) return void toast.warning(t('pages.region.fileRequired'));
    setBusy(true);
    try {
      const body = await importRegions({ file, isCovered });
      toast.success(body.msg || t('pages.common.operationSuccess'));
      onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const downloadTemplate = () => downloadFile({ url: REGION_TEMPLATE_URL, fallbackName: `${t('pages.region.templateFile')}.xlsx` }).catch(reportFailure);
  return (
    <ActionDialog id="region_import_dialog" title={t('pages.region.importDialog')} width={555} busy={busy} onSubmit={() => void submit()} onClose={onClose}>
      <Stack spacing={2}>
        <ImportWorkbookFields idPrefix="region" file={file} onFile={setFile} isCovered={isCovered} onCovered={setCovered} onDownloadTemplate={() => void downloadTemplate()} />
      </Stack>
    </ActionDialog>
  );
}
