import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { usePermissions } from '../../../session/use-permissions';
import { RouteModel } from '../../shared/RouteModel';
import { RegionDebugDialog } from './RegionDebugDialog';
import { RegionImportDialog } from './RegionImportDialog';

type RegionDialog = { kind: 'import'; reload: () => void } | { kind: 'debug' };

function RegionScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const flags = usePermissions();
  const [dialog, setDialog] = useState<RegionDialog>();
  const toolbarExtras: ToolbarExtra[] = [
    { key: 'import', label: t('pages.region.import'), permission: 'region_import', color: 'success', onClick: ({ reload }) => setDialog({ kind: 'import', reload }) },
    { key: 'debug', label: t('pages.region.debug'), permission: 'region_debug', onClick: () => setDialog({ kind: 'debug' }) },
  ];
  const close = () => setDialog(undefined);
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} showJobs
        jobExport={flags.region_export === true} exportConfirm={t('pages.region.exportConfirm')} />
      {dialog?.kind === 'import' && (
        <RegionImportDialog onClose={close} onImported={dialog.reload} />
      )}
      {dialog?.kind === 'debug' && <RegionDebugDialog onClose={close} />}
    </>
  );
}

/**
 * 行政区划 (Saber base/region.vue): the engine's lazy region tree plus 导入, 导出 and 调试.
 * 导出 (`region_export`) asks 是否导出行政区划数据? and starts the server's region export job
 * (every region by code, the export-region workbook) with its progress in 任务.
 */
export function RegionPage() {
  return <RouteModel>{(model) => <RegionScreen model={model} />}</RouteModel>;
}
