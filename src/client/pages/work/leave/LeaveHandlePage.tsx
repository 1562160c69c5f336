import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { workApi } from '../../flow/flow-api';
import { ApprovalCard, DiagramCard, HistoryCard } from './LeaveCards';
import { TransferDialog } from './TransferDialog';
import { useCloseScreen } from './use-close-screen';
import { useLeaveCase } from './use-leave-case';

/**
 * 处理请假流程 (`/work/process/leave/handle/:taskId/:processInstanceId/:businessId`): the
 * request with an editable 批复意见 (default 同意), 同意 (flag ok) / 驳回 / 关闭, then back to 待办.
 */
export function LeaveHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const { data, loading } = useLeaveCase(processInstanceId, businessId);
  const [comment, setComment] = useState(t('pages.flow.commentDefault'));
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const close = useCloseScreen('/work/todo/index');
  const complete = async (flag: 'ok' | '') => {
    if (!comment.trim()) {
      setMissing(true);
      return toast.warning(t('pages.flow.commentRequired'));
    }
    setBusy(true);
    try {
      await workApi.complete({ taskId, processInstanceId, flag, comment: comment.trim() });
      toast.success(t('pages.common.operationSuccess'));
      close();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  if (loading) return <CircularProgress size={24} />;
  if (!data) return null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <ApprovalCard leave={data.leave}>
        <TextField
          id="leave_comment"
          multiline
          minRows={3}
          label={t('pages.flow.comment')}
          value={comment}
          error={missing}
          helperText={missing ? t('pages.flow.commentRequired') : undefined}
          onChange={(event) => {
            setComment(event.target.value);
            setMissing(false);
          }}
        />
      </ApprovalCard>
      <HistoryCard history={data.history} />
      <DiagramCard data={data} />
      <Stack direction="row" spacing={1.5}>
        <Button id="leave_agree" variant="contained" disabled={busy} onClick={() => void complete('ok')}>
          {t('pages.flow.agree')}
        </Button>
        <Button id="leave_reject" variant="contained" color="error" disabled={busy} onClick={() => void complete('')}>
          {t('pages.flow.reject')}
        </Button>
        <Button id="leave_transfer" variant="outlined" disabled={busy} onClick={() => setTransferring(true)}>
          {t('pages.flow.transfer')}
        </Button>
        <Button id="leave_close" variant="outlined" onClick={close}>
          {t('pages.flow.close')}
        </Button>
      </Stack>
      {transferring && <TransferDialog taskId={taskId} onClose={() => setTransferring(false)} onDone={close} />}
    </Stack>
  );
}
