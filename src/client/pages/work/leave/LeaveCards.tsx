import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** Card titles at the size of a section heading, not a page title. */
const titleProps = { title: { variant: 'subtitle1', fontWeight: 600 } } as const;
import { BpmnDiagram } from '../../flow/bpmn/BpmnDiagram';
import type { HistoryStep, Row } from '../../flow/flow-api';
import type { DiagramData } from '../../flow/bpmn/use-diagram';

function ReadOnly({ id, label, value, multiline }: { id: string; label: string; value: unknown; multiline?: boolean }) {
  return (
    <TextField
      id={id}
      size="small"
      fullWidth
      label={label}
      value={String(value ?? '')}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** 审批信息: 申请人, 开始时间, 结束时间, 请假理由 (read-only), and what the page adds below (批复意见). */
export function ApprovalCard({ leave, children }: { leave: Row; children?: ReactNode }) {
  const { t } = useTranslation();
  const applicant = leave.createUserName || leave.flow?.assigneeName || '';
  return (
    <Card variant="outlined">
      <CardHeader title={t('pages.flow.approvalInfo')} slotProps={titleProps} />
      <CardContent>
        <Stack spacing={2}>
          <ReadOnly id="leave_applicant" label={t('pages.flow.applicant')} value={applicant} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <ReadOnly id="leave_startTime" label={t('pages.flow.leaveStart')} value={leave.startTime} />
            <ReadOnly id="leave_endTime" label={t('pages.flow.leaveEnd')} value={leave.endTime} />
            <ReadOnly id="leave_days" label={t('pages.flow.days')} value={leave.days} />
          </Stack>
          <ReadOnly id="leave_reason" label={t('pages.flow.reason')} value={leave.reason} multiline />
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** History flags with words of their own (complete-task's ok/no, the approval actions, timers). */
const FLAGS = new Set(['ok', 'no', 'transfer', 'delegate', 'resolve', 'back', 'withdraw', 'copy', 'urge', 'timeout', 'remind', 'skip']);

function StepItem({ step }: { step: HistoryStep }) {
  const { t } = useTranslation();
  const running = !step.endTime;
  return (
    <Box component="li" data-step={step.historyActivityId} sx={{ borderLeft: 3, borderColor: running ? 'warning.main' : 'success.main', pl: 1.5, py: 0.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{step.historyActivityName || step.historyActivityId}</Typography>
        {running && <Chip size="small" color="warning" label={t('pages.flow.running')} />}
        {!running && step.flag && FLAGS.has(step.flag) && <Chip size="small" variant="outlined" data-flag={step.flag} label={t(`pages.flow.flag.${step.flag}`)} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[
          step.assigneeName && `${t('pages.flow.historyAssignee')}: ${step.assigneeName}`,
          step.createTime && `${t('pages.flow.historyStarted')}: ${step.createTime}`,
          step.endTime && `${t('pages.flow.historyEnded')}: ${step.endTime}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {step.comment && (
        <Typography variant="body2" data-comment>
          {t('pages.flow.historyComment')}: {step.comment}
        </Typography>
      )}
    </Box>
  );
}

/** 流程信息: the steps of `history-flow-list`, oldest first. */
export function HistoryCard({ history }: { history: HistoryStep[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardHeader title={t('pages.flow.flowInfo')} slotProps={titleProps} />
      <CardContent>
        <Stack component="ul" id="leave_history" spacing={1} sx={{ m: 0, p: 0 }}>
          {history.map((step, index) => (
            <StepItem key={`${step.historyActivityId}-${index}`} step={step} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 流程跟踪: the instance's diagram, the running step marked. */
export function DiagramCard({ data }: { data: DiagramData }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardHeader title={t('pages.flow.flowFollow')} slotProps={titleProps} />
      <CardContent>{data.xml && <BpmnDiagram xml={data.xml} current={data.current} done={data.done} height={360} />}</CardContent>
    </Card>
  );
}
