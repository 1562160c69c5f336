import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../../engine/common/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';
import { DiagramDialog } from '../flow/bpmn/DiagramDialog';
import type { DiagramSource } from '../flow/bpmn/use-diagram';
import { workApi, type Row } from '../flow/flow-api';
import { StateTag, VersionTag } from '../flow/shared/cells';
import { FlowList, type FlowColumn, type FlowRowAction, type FlowSearch } from '../flow/shared/FlowList';
import { ModeRadio } from '../flow/shared/ModeRadio';
import { useFlowDict } from '../flow/shared/use-flow-dict';
import { workRoutes } from './work-routes';

/** The five lists of 我的事务 (saber-screens §7.5), and 抄送我的. */
export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done' | 'copy';

/** How a finished instance of 已发事务 ended (send-list `processOutcome`); a running one shows its current step instead. */
const OUTCOME_LOOK: Record<string, { color: 'success' | 'error' | 'default' }> = {
  approved: { color: 'success' }, rejected: { color: 'error' }, withdrawn: { color: 'default' },
};

function useColumns(kind: WorkKind): FlowColumn[] {
  const { t } = useTranslation();
  const flowDict = useFlowDict();
  const category: FlowColumn = { field: 'category', label: t('pages.flow.category'), render: (row) => row.categoryName || flowDict.labelOf(row.category) };
  if (kind === 'start') {
    return [
      { field: 'tenantId', label: t('pages.flow.tenantId'), width: 110, render: (row) => <Chip size="small" variant="outlined" label={row.tenantId || t('pages.flow.tenantShared')} /> },
      category,
      { field: 'key', label: t('pages.flow.processKey') },
      { field: 'name', label: t('pages.flow.processName') },
      { field: 'version', label: t('pages.flow.version'), width: 100, render: (row) => <VersionTag version={row.version} /> },
      { field: 'suspensionState', label: t('pages.flow.state'), width: 100, render: (row) => <StateTag row={row} /> },
      { field: 'deploymentTime', label: t('pages.flow.deploymentTime'), width: 170 },
    ];
  }
  const columns: FlowColumn[] = [
    category,
    { field: 'processDefinitionName', label: t('pages.flow.processDefinitionName') },
    { field: 'taskName', label: t('pages.flow.taskName'), render: (row) => <TaskName row={row} kind={kind} /> },
    { field: 'processDefinitionVersion', label: t('pages.flow.processDefinitionVersion'), width: 100, render: (row) => <VersionTag version={row.processDefinitionVersion} /> },
    { field: 'createTime', label: t('pages.flow.applyTime'), width: 170 },
  ];
  if (kind === 'copy') {
    columns.splice(columns.length - 1, 1,
      { field: 'fromUserName', label: t('pages.flow.copyFrom'), width: 120 },
      { field: 'copyTime', label: t('pages.flow.copyTime'), width: 170 },
      {
        field: 'readTime',
        label: t('pages.flow.copyRead'),
        width: 100,
        render: (row) => <Chip size="small" variant="outlined" color={row.readTime ? 'default' : 'warning'} data-read={row.readTime ? 'yes' : 'no'} label={t(row.readTime ? 'pages.flow.copyReadDone' : 'pages.flow.copyUnread')} />,
      });
  }
  if (kind === 'send') {
    columns.push({
      field: 'processIsFinished',
      label: t('pages.flow.processIsFinished'),
      width: 110,
      render: (row) => {
        const finished = row.processIsFinished === true || row.processIsFinished === 'finished';
        return <Chip size="small" color={finished ? 'success' : 'default'} label={t(finished ? 'pages.flow.finished' : 'pages.flow.unfinished')} />;
      },
    }, {
      field: 'processOutcome',
      label: t('pages.flow.processOutcome'),
      width: 100,
      render: (row) => {
        const outcome = OUTCOME_LOOK[String(row.processOutcome ?? '')];
        return outcome ? <Chip size="small" variant="outlined" color={outcome.color} data-outcome={row.processOutcome} label={t(`pages.flow.outcome.${row.processOutcome}`)} /> : '';
      },
    });
  }
  return columns;
}

/** A task's name, and on 待办 whether it was delegated and whether the starter sent a reminder (催办). */
function TaskName({ row, kind }: { row: Row; kind: WorkKind }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{row.taskName}</span>
      {kind === 'todo' && row.delegation === 'pending' && <Chip size="small" color="info" variant="outlined" data-delegation="pending" label={t('pages.flow.delegatedToMe')} />}
      {kind === 'todo' && row.urgeTime && <Chip size="small" color="error" variant="outlined" data-urged={row.urgeTime} label={t('pages.flow.urged')} title={row.urgeTime} />}
    </Stack>
  );
}

/**
 * 发起事务 / 待签事务 / 待办事务 / 已发事务 / 办结事务 (`/work/<kind>`). A row opens its
 * process's screens through dict `flow` (category `flow_<key>` → remark, the route).
 */
export function WorkListPage({ kind }: { kind: WorkKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flowDict = useFlowDict();
  const confirm = useConfirm();
  const [mode, setMode] = useState<'1' | '2'>('1');
  const [diagram, setDiagram] = useState<DiagramSource>();
  const columns = useColumns(kind);
  const withRoute = (row: Row, go: (route: string) => string) => {
    const route = flowDict.routeOf(row.category);
    if (!route) return toast.warning(t('pages.flow.noRoute'));
    navigate(go(route));
  };
  const detail: FlowRowAction = {
    key: 'detail',
    label: t('pages.flow.detail'),
    permission: `work_${kind}_detail`,
    onClick: (row) => withRoute(row, (route) => workRoutes.detail(route, { processInstanceId: row.processInstanceId, businessId: row.businessId })),
  };
  const follow: FlowRowAction = {
    key: 'follow',
    label: t('pages.flow.follow'),
    permission: `work_${kind}_follow`,
    onClick: (row) => setDiagram({ processInstanceId: String(row.processInstanceId) }),
  };
  const actions: Record<WorkKind, FlowRowAction[]> = {
    start: [
      { key: 'start', label: t('pages.flow.start'), permission: 'work_start_flow', onClick: (row) => withRoute(row, (route) => workRoutes.form(route, String(row.id))) },
      { key: 'image', label: t('pages.flow.diagram'), permission: 'work_start_image', onClick: (row) => setDiagram({ processDefinitionId: String(row.id) }) },
    ],
    claim: [
      {
        key: 'sign',
        label: t('pages.flow.sign'),
        permission: 'work_claim_sign',
        onClick: (row, reload) =>
          confirm.ask(t('pages.flow.signConfirm'), async () => {
            await workApi.claim(String(row.taskId));
            toast.success(t('pages.common.operationSuccess'));
            reload();
          }),
      },
      detail,
      follow,
    ],
    todo: [
      {
        key: 'handle',
        label: t('pages.flow.handle'),
        permission: 'work_todo_handle',
        onClick: (row) =>
          withRoute(row, (route) => workRoutes.handle(route, { taskId: row.taskId, processInstanceId: row.processInstanceId, businessId: row.businessId })),
      },
      detail,
      follow,
    ],
    send: [detail, follow],
    done: [detail, follow],
    copy: [
      {
        ...detail,
        onClick: (row) => {
          void workApi.readCopy(String(row.processInstanceId));
          detail.onClick(row, () => undefined);
        },
      },
      follow,
    ],
  };
  const search: FlowSearch[] = [
    { field: 'category', label: t('pages.flow.category'), kind: 'category' },
    // start-list filters definitions by their own `name`; the task lists by `processDefinitionName`.
    { field: kind === 'start' ? 'name' : 'processDefinitionName', label: t('pages.flow.processDefinitionName'), kind: 'text' },
  ];
  if (kind !== 'start') {
    search.push({ field: 'beginDate', label: t('pages.flow.beginDate'), kind: 'date-from' }, { field: 'endDate', label: t('pages.flow.endDate'), kind: 'date-to' });
  }
  return (
    <>
      <FlowList
        url={`/blade-flow/work/${kind}-list`}
        rowKey={kind === 'start' ? 'id' : kind === 'send' ? 'processInstanceId' : kind === 'copy' ? 'copyId' : 'taskId'}
        fixedParams={kind === 'start' ? { mode } : undefined}
        toolbar={kind === 'start' ? () => <ModeRadio value={mode} onChange={setMode} /> : undefined}
        columns={columns}
        search={search}
        rowActions={actions[kind]}
      />
      {diagram && <DiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />}
      <ConfirmDialog {...confirm.dialogProps} />
    </>
  );
}

export const StartPage = () => <WorkListPage kind="start" />;
export const ClaimPage = () => <WorkListPage kind="claim" />;
export const TodoPage = () => <WorkListPage kind="todo" />;
export const SendPage = () => <WorkListPage kind="send" />;
export const DonePage = () => <WorkListPage kind="done" />;
export const CopyPage = () => <WorkListPage kind="copy" />;
