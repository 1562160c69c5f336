import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { toast } from '../../../chrome/toast';
import { ActionDialog } from '../../../components/ActionDialog';
import { reportFailure } from '../../../engine/common/report-failure';
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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ minWidth: 80 }}>{t('pages.region.importFile')}</Typography>
          <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
            {t('pages.region.chooseFile')}
            <input
              id="region_import_file"
              type="file"
              hidden
              accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" id="region_import_file_name" noWrap>
            {file?.name ?? ''}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('pages.region.importTip')}
        </Typography>
        <FormControlLabel
          label={t('pages.region.isCovered')}
          control={<Switch id="region_import_covered" checked={isCovered} onChange={(e) => setCovered(e.target.checked)} />}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ minWidth: 80 }}>{t('pages.region.template')}</Typography>
          <Link component="button" type="button" id="region_import_template" onClick={() => void downloadTemplate()}>
            {t('pages.region.templateDownload')}
          </Link>
        </Stack>
      </Stack>
    </ActionDialog>
  );
}
