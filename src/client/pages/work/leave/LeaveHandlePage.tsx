import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toast } from '../../../ui/toast';
import { ApprovalCard, DiagramCard, HistoryCard } from './LeaveCards';
import { ApprovalActions } from '../approval/ApprovalActions';
import { useCloseScreen } from '../approval/use-close-screen';
import { useLeaveCase } from './use-leave-case';

/**
 * 处理请假流程 (`/work/process/leave/handle/:taskId/:processInstanceId/:businessId`): the
 * request with an editable 批复意见 (default 同意) and the approval buttons the caller may use (同意,
 * 驳回, 驳回至, 转办, 委派, 抄送 …), then back to 待办.
 */
export function LeaveHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const { data, loading } = useLeaveCase(processInstanceId, businessId);
  const [comment, setComment] = useState(t('pages.flow.commentDefault'));
  const [missing, setMissing] = useState(false);
  const close = useCloseScreen('/work/todo/index');
  const checkedComment = () => {
    if (comment.trim()) return comment.trim();
    setMissing(true);
    toast.warning(t('pages.flow.commentRequired'));
    return undefined;
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
      <ApprovalActions processInstanceId={processInstanceId} taskId={taskId} comment={checkedComment} idPrefix="leave" onDone={close} onClose={close} />
    </Stack>
  );
}
