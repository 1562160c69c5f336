import { ImportWorkbookFields } from '../../shared/ImportWorkbookFields';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { ActionDialog } from '../../../components/ActionDialog';
import { JobItem } from '../../../engine/jobs/JobsDrawer';
import { useImportJob } from '../../shared/use-import-job';
import { EXPORT_TEMPLATE_URL } from './user-api';

export interface UserImportDialogProps {
  onClose: () => void;
  /** The import wrote rows: the list is reloaded. */
  onImported: () => void;
}

/** 用户数据导入 (555 px): workbook, 数据覆盖 switch, template download; then the import job's progress and its error report. */
export function UserImportDialog({ onClose, onImported }: UserImportDialogProps) {
  const { t } = useTranslation();
  const state = useImportJob({
    model: 'system/user',
    template: { url: EXPORT_TEMPLATE_URL, fileName: t('pages.user.templateFile') },
    fileRequired: t('pages.user.fileRequired'),
    onImported,
  });
  return (
    <ActionDialog id="user_import_dialog" title={t('pages.user.importDialog')} width={555} busy={state.busy} onSubmit={() => void state.submit()} onClose={onClose}>
      <Stack spacing={2}>
        <ImportWorkbookFields idPrefix="user" file={state.file} onFile={state.pickFile} isCovered={state.isCovered} onCovered={state.setCovered} onDownloadTemplate={() => void state.downloadTemplate()} />
        {state.job && <div id="user_import_job"><JobItem job={state.job} onChanged={state.refresh} /></div>}
      </Stack>
    </ActionDialog>
  );
}
