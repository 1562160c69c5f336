import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ApprovalCard, DiagramCard, HistoryCard } from './LeaveCards';
import { ApprovalActions } from '../approval/ApprovalActions';
import { useApprovalComment } from '../approval/use-approval-comment';
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
  const comment = useApprovalComment('leave_comment');
  const close = useCloseScreen('/work/todo/index');
  if (loading) return <CircularProgress size={24} />;
  if (!data) return null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <ApprovalCard leave={data.leave}>
        {comment.field}
      </ApprovalCard>
      <HistoryCard history={data.history} />
      <DiagramCard data={data} />
      <ApprovalActions processInstanceId={processInstanceId} taskId={taskId} comment={comment.checked} idPrefix="leave" onDone={close} onClose={close} />
    </Stack>
  );
}
