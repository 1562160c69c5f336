import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { useConfirm } from '../../shared/use-confirm';
import { DiagramDialog } from '../bpmn/DiagramDialog';
import { managerApi, type Row } from '../flow-api';
import { StateTag, VersionTag } from '../shared/cells';
import { FlowList } from '../shared/FlowList';
import { ModeRadio } from '../shared/ModeRadio';
import { useFlowDict } from '../shared/use-flow-dict';
import { StateDialog } from './StateDialog';

type Open = { kind: 'state'; row: Row; reload: () => void } | { kind: 'diagram'; id: string };

/** 流程管理 (`/flow/manager`): deployed definitions by mode, 变更状态, 流程图, 删除 (the deployment). */
export function ManagerPage() {
  const { t } = useTranslation();
  const flowDict = useFlowDict();
  const confirm = useConfirm();
  const [mode, setMode] = useState<'1' | '2'>('1');
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  return (
    <>
      <FlowList
        url="/blade-flow/manager/list"
        fixedParams={{ mode }}
        toolbar={() => <ModeRadio value={mode} onChange={setMode} />}
        columns={[
          { field: 'tenantId', label: t('pages.flow.tenantId'), width: 110, render: (row) => <Chip size="small" variant="outlined" label={row.tenantId || t('pages.flow.tenantShared')} /> },
          { field: 'id', label: t('pages.flow.processId'), width: 200 },
          { field: 'key', label: t('pages.flow.processKey') },
          { field: 'name', label: t('pages.flow.processName') },
          { field: 'category', label: t('pages.flow.category'), render: (row) => row.categoryName || flowDict.labelOf(row.category) },
          { field: 'version', label: t('pages.flow.version'), width: 100, render: (row) => <VersionTag version={row.version} /> },
          { field: 'suspensionState', label: t('pages.flow.state'), width: 100, render: (row) => <StateTag row={row} /> },
          { field: 'deploymentTime', label: t('pages.flow.deploymentTime'), width: 170 },
        ]}
        search={[
          { field: 'category', label: t('pages.flow.category'), kind: 'category' },
          { field: 'key', label: t('pages.flow.processKey'), kind: 'text' },
        ]}
        rowActions={[
          { key: 'state', label: t('pages.flow.changeState'), permission: 'flow_manager_state', onClick: (row, reload) => setOpen({ kind: 'state', row, reload }) },
          { key: 'image', label: t('pages.flow.diagram'), permission: 'flow_manager_image', onClick: (row) => setOpen({ kind: 'diagram', id: String(row.id) }) },
          {
            key: 'remove',
            label: t('pages.flow.remove'),
            permission: 'flow_manager_remove',
            onClick: (row, reload) => confirm.ask(t('pages.flow.removeConfirm'), () => managerApi.deleteDeployment(String(row.deploymentId)).then(reload)),
          },
        ]}
      />
      {open?.kind === 'state' && <StateDialog row={open.row} onClose={close} onDone={open.reload} />}
      {open?.kind === 'diagram' && <DiagramDialog source={{ processDefinitionId: open.id }} onClose={close} />}
      <ConfirmDialog {...confirm.dialogProps} />
    </>
  );
}
