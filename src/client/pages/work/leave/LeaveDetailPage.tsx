import { useParams } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ApprovalCard, DiagramCard, HistoryCard } from './LeaveCards';
import { ApprovalActions } from '../approval/ApprovalActions';
import { useCloseScreen } from '../approval/use-close-screen';
import { useLeaveCase } from './use-leave-case';

/** 请假流程详情 (`/work/process/leave/detail/:processInstanceId/:businessId`): the request, its history and diagram; 撤回 / 催办 where the caller may; 关闭. */
export function LeaveDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams();
  const { data, loading } = useLeaveCase(processInstanceId, businessId);
  const close = useCloseScreen('/work/done/index');
  if (loading) return <CircularProgress size={24} />;
  if (!data) return null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <ApprovalCard leave={data.leave} />
      <HistoryCard history={data.history} />
      <DiagramCard data={data} />
      <ApprovalActions processInstanceId={processInstanceId} idPrefix="leave" onDone={close} onClose={close} />
    </Stack>
  );
}
