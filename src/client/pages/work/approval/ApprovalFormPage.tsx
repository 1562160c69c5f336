import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { BusyButton } from '../../../ui/BusyButton';
import { reportFailure } from '../../../ui/report-failure';
import { toast } from '../../../ui/toast';
import { EntityModelsContext } from '../../../engine/entity-models-context';
import { ResourceForm } from '../../../engine/form/ResourceForm';
import { useEngineText } from '../../../engine/common/use-engine-text';
import { callSchemaAction } from '../../../engine/actions/schema-action-api';
import { submitRecord } from '../../../engine/data/resource-api';
import { SUBMIT_APPROVAL_ACTION } from '../../../../shared/schema/flow-status';
import { useCloseScreen } from './use-close-screen';

const FORM_ID = 'approval_start_form';
/* One object for every render: the form is uncontrolled, and a new initial value would reset what was typed. */
const NEW_RECORD: Record<string, unknown> = {};

/** A definition id is Flowable's `<process key>:<version>:<deployment>`. */
const processKeyOf = (processDefinitionId: string) => processDefinitionId.split(':')[0];

/**
 * 发起 on an x-flow entity's process (`/work/process/<route>/form/:processDefinitionId`): the
 * entity's own add form (its schema's fields, messages and widgets); 提交审批 saves the row and
 * starts its approval in two calls (a row whose start is refused stays a draft in its list).
 */
export function ApprovalFormPage() {
  const { t } = useTranslation();
  const { lang } = useEngineText();
  const { processDefinitionId = '' } = useParams();
  const models = useContext(EntityModelsContext);
  const model = models.find((m) => m.flow?.process === processKeyOf(processDefinitionId));
  const [busy, setBusy] = useState(false);
  const close = useCloseScreen('/work/send/index');
  if (!models.length) return null;
  if (!model) return <Alert severity="warning" id="approval_form_missing">{t('pages.flow.noRoute')}</Alert>;
  const action = model.actions.find((a) => a.key === SUBMIT_APPROVAL_ACTION)!;
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const saved = (await submitRecord(model, values)) as Record<string, unknown>;
      const message = await callSchemaAction(model, action, { keys: [String(saved[model.primaryKey])] });
      toast.success(message ?? t('pages.common.operationSuccess'));
      close();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  // The buttons sit in the card's header: a message that appears or goes below a field as it
  // loses focus would move buttons under the form between press and release, and lose the click.
  const buttons = (
    <Stack direction="row" spacing={1.5}>
      <BusyButton id="approval_start" busy={busy} formId={FORM_ID}>
        {action.label[lang] ?? action.label.zh}
      </BusyButton>
      <Button id="approval_close" variant="outlined" onClick={close}>
        {t('pages.flow.close')}
      </Button>
    </Stack>
  );
  return (
    <Card variant="outlined" sx={{ maxWidth: 1100 }}>
      <CardHeader title={model.label[lang] ?? model.label.zh} action={buttons} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
      <CardContent>
        <ResourceForm model={model} view={model.list} mode="add" lang={lang} formId={FORM_ID} idPrefix="approval" initial={NEW_RECORD} onSubmit={(values) => void submit(values)} />
      </CardContent>
    </Card>
  );
}
