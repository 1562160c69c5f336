import { ImportWorkbookFields } from '../../shared/ImportWorkbookFields';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { ActionDialog } from '../../../components/ActionDialog';
import { JobItem } from '../../../engine/jobs/JobsDrawer';
import { useImportJob } from '../../shared/use-import-job';
import { REGION_TEMPLATE_URL } from './region-api';

export interface RegionImportDialogProps {
  onClose: () => void;
  /** The import wrote rows: the list is reloaded. */
  onImported: () => void;
}

/**
 * 行政区划数据导入 (555 px, as Saber's user import): the workbook, 数据覆盖 and the template;
 * then the import job's progress, counts, 取消任务 and the workbook of refused rows with their
 * reasons. Closing the dialog leaves the job running; 任务 finds it.
 */
export function RegionImportDialog({ onClose, onImported }: RegionImportDialogProps) {
  const { t } = useTranslation();
  const state = useImportJob({
    model: 'base/region',
    template: { url: REGION_TEMPLATE_URL, fileName: t('pages.region.templateFile') },
    fileRequired: t('pages.region.fileRequired'),
    onImported,
  });
  return (
    <ActionDialog id="region_import_dialog" title={t('pages.region.importDialog')} width={555} busy={state.busy} onSubmit={() => void state.submit()} onClose={onClose}>
      <Stack spacing={2}>
        <ImportWorkbookFields idPrefix="region" file={state.file} onFile={state.pickFile} isCovered={state.isCovered} onCovered={state.setCovered} onDownloadTemplate={() => void state.downloadTemplate()} />
        {state.job && <div id="region_import_job"><JobItem job={state.job} onChanged={state.refresh} /></div>}
      </Stack>
    </ActionDialog>
  );
}
