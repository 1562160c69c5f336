import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { usePermissions } from '../../../session/use-permissions';
import { useConfirm } from '../../shared/use-confirm';
import { modelApi, type Row } from '../flow-api';
import { VersionTag } from '../shared/cells';
import { FlowList } from '../shared/FlowList';
import { DeployModelDialog } from './DeployModelDialog';
import { downloadModelXml } from './download-model';
import { ModelerDialog } from './ModelerDialog';

type Open = { kind: 'modeler'; id?: string; reload: () => void } | { kind: 'deploy'; id: string };

/** 模型管理 (`/flow/model`): models drawn in the bpmn-js modeler, deployed, downloaded, deleted. */
export function ModelPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const confirm = useConfirm();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  return (
    <>
      <FlowList
        url="/blade-flow/model/list"
        columns={[
          { field: 'id', label: t('pages.flow.modelId'), width: 180 },
          { field: 'modelKey', label: t('pages.flow.modelKey') },
          { field: 'name', label: t('pages.flow.modelName') },
          { field: 'version', label: t('pages.flow.version'), width: 100, render: (row: Row) => <VersionTag version={row.version} /> },
          { field: 'created', label: t('pages.flow.created'), width: 170 },
          { field: 'lastUpdated', label: t('pages.flow.lastUpdated'), width: 170 },
        ]}
        search={[
          { field: 'modelKey', label: t('pages.flow.modelKey'), kind: 'text' },
          { field: 'name', label: t('pages.flow.modelName'), kind: 'text' },
        ]}
        toolbar={(reload) =>
          permissions.flow_model_create && (
            <Button id="toolbar_create" variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'modeler', reload })}>
              {t('pages.flow.create')}
            </Button>
          )
        }
        rowActions={[
          { key: 'configure', label: t('pages.flow.configure'), permission: 'flow_model_update', onClick: (row, reload) => setOpen({ kind: 'modeler', id: String(row.id), reload }) },
          { key: 'deploy', label: t('pages.flow.deploy'), permission: 'flow_model_deploy', onClick: (row) => setOpen({ kind: 'deploy', id: String(row.id) }) },
          { key: 'download', label: t('pages.flow.download'), permission: 'flow_model_download', onClick: (row) => void downloadModelXml(String(row.id)) },
          {
            key: 'delete',
            label: t('pages.flow.remove'),
            permission: 'flow_model_delete',
            onClick: (row, reload) => confirm.ask(t('pages.flow.removeConfirm'), () => modelApi.remove(String(row.id)).then(reload)),
          },
        ]}
      />
      {open?.kind === 'modeler' && (
        <ModelerDialog
          modelId={open.id}
          onClose={close}
          onSaved={() => {
            open.reload();
            close();
          }}
        />
      )}
      {open?.kind === 'deploy' && <DeployModelDialog modelId={open.id} onClose={close} />}
      <ConfirmDialog {...confirm.dialogProps} />
    </>
  );
}
