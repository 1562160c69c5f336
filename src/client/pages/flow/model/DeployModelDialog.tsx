import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/ActionDialog';
import { toast } from '../../../ui/toast';
import { useSubmit } from '../../shared/use-submit';
import { modelApi } from '../flow-api';
import { DeployFields, deployChoiceProblem, deployParams, EMPTY_DEPLOY_CHOICE } from '../shared/DeployFields';

/** 流程部署 of a model: 流程类型, 流程模式 and 所属租户, then `model/deploy`. */
export function DeployModelDialog({ modelId, onClose }: { modelId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(EMPTY_DEPLOY_CHOICE);
  const { busy, run } = useSubmit(onClose);
  const submit = () => {
    const problem = deployChoiceProblem(choice);
    if (problem) {
      toast.warning(t(`pages.flow.${problem}`));
      return;
    }
    void run(() => modelApi.deploy({ modelId, ...deployParams(choice) }));
  };
  return (
    <ActionDialog id="flow_deploy_dialog" title={t('pages.flow.deployDialog')} width={500} busy={busy} onSubmit={submit} onClose={onClose}>
      <DeployFields value={choice} onChange={setChoice} />
    </ActionDialog>
  );
}
