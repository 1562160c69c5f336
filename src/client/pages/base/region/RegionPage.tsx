import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import type { ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { downloadFile } from '../../shared/download';
import { RouteModel } from '../../shared/RouteModel';
import { useConfirm } from '../../shared/use-confirm';
import { EXPORT_REGION_URL } from './region-api';
import { RegionDebugDialog } from './RegionDebugDialog';
import { RegionImportDialog } from './RegionImportDialog';

type RegionDialog = { kind: 'import'; reload: () => void } | { kind: 'debug' };

function RegionScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<RegionDialog>();
  const toolbarExtras: ToolbarExtra[] = [
    { key: 'import', label: t('pages.region.import'), permission: 'region_import', color: 'success', onClick: ({ reload }) => setDialog({ kind: 'import', reload }) },
    {
      key: 'export',
      label: t('pages.region.export'),
      permission: 'region_export',
      color: 'warning',
      onClick: () => confirm.ask(t('pages.region.exportConfirm'), () => downloadFile({ url: EXPORT_REGION_URL, fallbackName: `${t('pages.region.exportFile')}.xlsx` })),
    },
    { key: 'debug', label: t('pages.region.debug'), permission: 'region_debug', onClick: () => setDialog({ kind: 'debug' }) },
  ];
  const close = () => setDialog(undefined);
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} showJobs />
      {dialog?.kind === 'import' && (
        <RegionImportDialog onClose={close} onImported={dialog.reload} />
      )}
      {dialog?.kind === 'debug' && <RegionDebugDialog onClose={close} />}
      <ConfirmDialog {...confirm.dialogProps} />
    </>
  );
}

/** 行政区划 (Saber base/region.vue): the engine's lazy region tree plus 导入, 导出 and 调试. */
export function RegionPage() {
  return <RouteModel>{(model) => <RegionScreen model={model} />}</RouteModel>;
}
