import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { useConfirm } from '../../shared/use-confirm';
import { useAsync } from '../../shared/use-async';
import { workApi, type ApprovalAction } from '../../flow/flow-api';
import { BackDialog } from './BackDialog';
import { PickUserDialog, type PickUserMode } from './PickUserDialog';

export interface ApprovalActionsProps {
  processInstanceId: string;
  /** The caller's task on a handle page; absent on a detail page (only 撤回 and 催办 may apply there). */
  taskId?: string;
  /** The 批复意见 the page holds, checked (and flagged on the page) before an action that records it; undefined when missing. */
  comment?: () => string | undefined;
  /** Button ids are `<idPrefix>_<action>` (the leave pages keep `leave_agree` …). */
  idPrefix: string;
  /** After an action that ends the caller's part: close the screen. */
  onDone: () => void;
  onClose: () => void;
}

/** Label keys of the buttons, in the order shown. */
const LABELS: [ApprovalAction, string][] = [
  ['complete', 'agree'], ['reject', 'reject'], ['back', 'back'], ['transfer', 'transfer'], ['delegate', 'delegate'], ['copy', 'copy'],
  ['resolve', 'resolve'], ['withdraw', 'withdraw'], ['urge', 'urge'],
];

/**
 * The approval buttons of a handle or detail page: those the server's task-actions allows the
 * caller now (each action checks again when it runs), then 关闭.
 */
export function ApprovalActions({ processInstanceId, taskId, comment, idPrefix, onDone, onClose }: ApprovalActionsProps) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const allowed = useAsync(() => workApi.actions({ processInstanceId, taskId }), [processInstanceId, taskId, round]);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<PickUserMode | 'back'>();
  const confirm = useConfirm();
  const run = async (work: () => Promise<string>, { stay = false } = {}) => {
    setBusy(true);
    try {
      toast.success(await work());
      if (stay) setRound((n) => n + 1);
      else onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const withComment = (work: (text: string) => Promise<string>) => {
    const text = comment ? comment() : '';
    if (text === undefined) return;
    void run(() => work(text));
  };
  const press: Record<ApprovalAction, () => void> = {
    complete: () => withComment(async (text) => { await workApi.complete({ taskId: taskId!, processInstanceId, flag: 'ok', comment: text }); return t('pages.common.operationSuccess'); }),
    reject: () => withComment(async (text) => { await workApi.complete({ taskId: taskId!, processInstanceId, flag: '', comment: text }); return t('pages.common.operationSuccess'); }),
    back: () => { if (comment?.() !== undefined) setDialog('back'); },
    transfer: () => setDialog('transfer'),
    delegate: () => setDialog('delegate'),
    copy: () => setDialog('copy'),
    resolve: () => withComment((text) => workApi.resolve({ taskId: taskId!, comment: text })),
    withdraw: () => confirm.ask(t('pages.flow.withdrawConfirm'), () => run(() => workApi.withdraw({ processInstanceId, comment: '' }))),
    urge: () => void run(() => workApi.urge(processInstanceId), { stay: true }),
  };
  const shown = new Set(allowed.data ?? []);
  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {LABELS.filter(([action]) => shown.has(action)).map(([action, label]) => (
          <Button
            key={action}
            id={`${idPrefix}_${label}`}
            variant={action === 'complete' || action === 'reject' ? 'contained' : 'outlined'}
            color={action === 'reject' || action === 'back' ? 'error' : 'primary'}
            disabled={busy}
            onClick={press[action]}
          >
            {t(`pages.flow.${label}`)}
          </Button>
        ))}
        <Button id={`${idPrefix}_close`} variant="outlined" onClick={onClose}>
          {t('pages.flow.close')}
        </Button>
      </Stack>
      {dialog === 'back' && taskId && <BackDialog taskId={taskId} comment={comment?.() ?? ''} onClose={() => setDialog(undefined)} onDone={onDone} />}
      {dialog && dialog !== 'back' && taskId && (
        <PickUserDialog mode={dialog} taskId={taskId} onClose={() => setDialog(undefined)} onDone={() => (dialog === 'copy' ? (setDialog(undefined), setRound((n) => n + 1)) : onDone())} />
      )}
      <ConfirmDialog {...confirm.dialogProps} />
    </>
  );
}
