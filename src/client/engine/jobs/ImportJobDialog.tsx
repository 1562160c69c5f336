import Stack from '@mui/material/Stack';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { ActionDialog } from '../../components/ActionDialog';
import { useEngineText } from '../common/use-engine-text';
import { ImportWorkbookFields } from './ImportWorkbookFields';
import { JobItem } from './JobsDrawer';
import { useImportJob } from './use-import-job';

export interface ImportJobDialogProps {
  model: EntityModel;
  onClose: () => void;
  /** The import wrote rows: the list is reloaded. */
  onImported: () => void;
}

/**
 * `x-import`'s dialog (555 px, Saber's 用户数据导入 / 行政区划数据导入): the workbook, 数据覆盖
 * and the template; then the import job's progress, counts, 取消任务 and the workbook of refused
 * rows with their reasons. Closing it leaves the job running; 任务 finds it. Ids start with
 * `<x-permission>_import`.
 */
export function ImportJobDialog({ model, onClose, onImported }: ImportJobDialogProps) {
  const { t, lang } = useEngineText();
  const dialog = model.excel.importDialog!;
  const prefix = model.permission;
  const state = useImportJob({
    model: model.key,
    template: { url: dialog.templateUrl, fileName: dialog.templateName[lang] },
    fileRequired: t('fileRequired'),
    onImported,
  });
  return (
    <ActionDialog id={`${prefix}_import_dialog`} title={dialog.title[lang]} width={555} busy={state.busy} onSubmit={() => void state.submit()} onClose={onClose}>
      <Stack spacing={2}>
        <ImportWorkbookFields idPrefix={prefix} file={state.file} onFile={state.pickFile} hasCover={dialog.cover}
          isCovered={state.isCovered} onCovered={state.setCovered} onDownloadTemplate={() => void state.downloadTemplate()} />
        {state.job && <div id={`${prefix}_import_job`}><JobItem job={state.job} onChanged={state.refresh} /></div>}
      </Stack>
    </ActionDialog>
  );
}
