import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row } from '../flow-api';
import { StateTag } from '../shared/cells';
import { FlowList } from '../shared/FlowList';
import { DeleteInstanceDialog } from './DeleteInstanceDialog';

/** 流程跟踪 (`/flow/follow`): running instances; 删除 ends one with a reason. */
export function FollowPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ row: Row; reload: () => void }>();
  return (
    <>
      <FlowList
        url="/blade-flow/follow/list"
        rowKey="executionId"
        columns={[
          { field: 'executionId', label: t('pages.flow.executionId'), width: 200 },
          { field: 'processDefinitionKey', label: t('pages.flow.processDefinitionKey') },
          { field: 'processInstanceId', label: t('pages.flow.processInstanceId'), width: 200 },
          { field: 'suspensionState', label: t('pages.flow.state'), width: 100, render: (row) => <StateTag row={row} /> },
          { field: 'startUser', label: t('pages.flow.startUser') },
          { field: 'startTime', label: t('pages.flow.startTime'), width: 170 },
        ]}
        search={[
          { field: 'processInstanceId', label: t('pages.flow.processInstanceId'), kind: 'text' },
          { field: 'processDefinitionKey', label: t('pages.flow.processDefinitionKey'), kind: 'text' },
        ]}
        rowActions={[{ key: 'delete', label: t('pages.flow.remove'), permission: 'flow_follow_delete', onClick: (row, reload) => setOpen({ row, reload }) }]}
      />
      {open && <DeleteInstanceDialog row={open.row} onClose={() => setOpen(undefined)} onDone={open.reload} />}
    </>
  );
}
