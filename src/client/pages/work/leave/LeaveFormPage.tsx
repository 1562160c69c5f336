import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { DateTimeInput } from '../../../engine/form/widgets/DateTimeInput';
import { useAsync } from '../../shared/use-async';
import { fetchUsers, leaveApi } from '../../flow/flow-api';
import { leaveDays } from './leave-days';
import { useCloseScreen } from '../approval/use-close-screen';
import { BusyButton } from '../../../ui/BusyButton';

interface LeaveFields {
  taskUser: string;
  startTime: string;
  endTime: string;
  reason: string;
}

type Problems = Partial<Record<keyof LeaveFields, string>>;

const EMPTY: LeaveFields = { taskUser: '', startTime: '', endTime: '', reason: '' };

function problemsOf(fields: LeaveFields, t: (key: string) => string): Problems {
  const out: Problems = {};
  if (!fields.taskUser) out.taskUser = t('pages.flow.taskUserPlaceholder');
  if (!fields.startTime) out.startTime = t('pages.flow.leaveStartPlaceholder');
  if (!fields.endTime) out.endTime = t('pages.flow.leaveEndPlaceholder');
  else if (fields.startTime && leaveDays(fields.startTime, fields.endTime) === undefined) out.endTime = t('pages.flow.endBeforeStart');
  if (!fields.reason.trim()) out.reason = t('pages.flow.reasonPlaceholder');
  return out;
}

/**
 * 请假流程 (`/work/process/leave/form/:processDefinitionId`): 审批人员 from
 * `/blade-user/user-list`, 开始时间, 结束时间, 请假理由 and the days they make; 提 交 starts
 * the process, shows the server's message, closes the tab and returns to 发起事务.
 */
export function LeaveFormPage() {
  const { t } = useTranslation();
  const { processDefinitionId = '' } = useParams();
  const users = useAsync(fetchUsers, []);
  const [fields, setFields] = useState<LeaveFields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const done = useCloseScreen('/work/start/index');
  const days = leaveDays(fields.startTime, fields.endTime);
  const set = (name: keyof LeaveFields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setProblems((p) => ({ ...p, [name]: undefined }));
  };
  const submit = async () => {
    const found = problemsOf(fields, t);
    setProblems(found);
    if (Object.keys(found).length > 0 || days === undefined) return;
    setBusy(true);
    try {
      const message = await leaveApi.start({ processDefinitionId, ...fields, reason: fields.reason.trim(), days });
      toast.success(message || t('pages.common.operationSuccess'));
      done();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ maxWidth: 900 }}>
      <CardHeader avatar={<InfoOutlinedIcon color="primary" />} title={t('pages.flow.leaveBase')} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            id="leave_taskUser"
            select
            size="small"
            label={t('pages.flow.taskUser')}
            required
            value={fields.taskUser}
            error={Boolean(problems.taskUser)}
            helperText={problems.taskUser}
            onChange={(event) => set('taskUser', event.target.value)}
          >
            {(users.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id} data-account={user.account}>
                {user.account}
                {user.realName ? ` (${user.realName})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <DateTimeInput
              id="leave_startTime"
              label={t('pages.flow.leaveStart')}
              size="small"
              required
              fullWidth
              value={fields.startTime}
              error={Boolean(problems.startTime)}
              helperText={problems.startTime}
              onChange={(text) => set('startTime', text)}
            />
            <DateTimeInput
              id="leave_endTime"
              label={t('pages.flow.leaveEnd')}
              size="small"
              required
              fullWidth
              value={fields.endTime}
              error={Boolean(problems.endTime)}
              helperText={problems.endTime}
              onChange={(text) => set('endTime', text)}
            />
            <TextField
              id="leave_days"
              size="small"
              label={t('pages.flow.days')}
              value={days ?? ''}
              slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 120 }}
            />
          </Stack>
          <TextField
            id="leave_reason"
            multiline
            minRows={3}
            label={t('pages.flow.reason')}
            required
            value={fields.reason}
            error={Boolean(problems.reason)}
            helperText={problems.reason}
            onChange={(event) => set('reason', event.target.value)}
          />
          <Stack direction="row">
            <BusyButton id="leave_submit" busy={busy} onClick={() => void submit()}>
              {t('pages.flow.submit')}
            </BusyButton>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
