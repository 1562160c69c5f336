import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useAsync } from '../../shared/use-async';
import { loadDiagram } from '../../flow/bpmn/use-diagram';
import { workApi, type BusinessView } from '../../flow/flow-api';
import { DiagramCard, HistoryCard } from '../leave/LeaveCards';
import { ApprovalActions } from './ApprovalActions';
import { useCloseScreen } from './use-close-screen';
import { useApprovalComment } from './use-approval-comment';

async function loadRequest(processInstanceId: string) {
  const [business, diagram] = await Promise.all([workApi.business(processInstanceId), loadDiagram({ processInstanceId })]);
  return { business, diagram };
}

/** 审批内容: the fields the entity's schema shows its approvers (`x-flow.fields`), read-only. */
function BusinessCard({ business, children }: { business: BusinessView; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardHeader title={`${t('pages.flow.businessTitle')} · ${business.name}`} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <CardContent>
        <Grid container spacing={2} id="approval_business" data-entity={business.entity}>
          {business.fields.map((field) => (
            <Grid key={field.name} size={{ xs: 12, md: 6 }}>
              <TextField
                id={`approval_${field.name}`}
                size="small"
                fullWidth
                label={field.label}
                value={field.value}
                slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
              />
            </Grid>
          ))}
        </Grid>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * An x-flow entity's request for one of its approvers (`/work/process/<route>/handle/…`, opened
 * from 待办) or anyone who may read it (`…/detail/…`): the row's shown fields, 批复意见 on the
 * handle page, the history and the diagram, and the approval buttons the caller may use now.
 */
function ApprovalPage({ handling }: { handling: boolean }) {
  const { t } = useTranslation();
  const { taskId, processInstanceId = '' } = useParams();
  const request = useAsync(() => loadRequest(processInstanceId), [processInstanceId]);
  const comment = useApprovalComment('approval_comment');
  const close = useCloseScreen(handling ? '/work/todo/index' : '/work/send/index');
  if (request.loading) return <CircularProgress size={24} />;
  if (!request.data) return null;
  const { business, diagram } = request.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <BusinessCard business={business}>
        {handling && <Box sx={{ mt: 2 }}>{comment.field}</Box>}
      </BusinessCard>
      <HistoryCard history={diagram.history} />
      <DiagramCard data={diagram} />
      <ApprovalActions
        processInstanceId={processInstanceId}
        taskId={handling ? taskId : undefined}
        comment={handling ? comment.checked : undefined}
        idPrefix="approval"
        onDone={close}
        onClose={close}
      />
    </Stack>
  );
}

export const ApprovalHandlePage = () => <ApprovalPage handling />;
export const ApprovalDetailPage = () => <ApprovalPage handling={false} />;
