import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { managerApi } from '../flow-api';
import { DeployFields, deployChoiceProblem, deployParams, EMPTY_DEPLOY_CHOICE } from '../shared/DeployFields';
import { BusyButton } from '../../../ui/BusyButton';

const ACCEPTED = /\.(bpmn20\.xml|bpmn)$/i;

/**
 * 流程部署 (`/flow/deploy`): 流程类型, 流程模式, 所属租户 and 附件上传. The file is checked
 * by `manager/check-upload` first (only `.bpmn20.xml` / `.bpmn`), then deployed with
 * `manager/deploy-upload`; the server's refusal says what is wrong in the file.
 */
export function DeployPage() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(EMPTY_DEPLOY_CHOICE);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const deploy = async () => {
    const problem = deployChoiceProblem(choice);
    if (problem) return toast.warning(t(`pages.flow.${problem}`));
    if (!file || !ACCEPTED.test(file.name)) return toast.warning(t('pages.flow.fileRequired'));
    setBusy(true);
    try {
      const check = await managerApi.checkUpload(file);
      if (check && check.success === false) return toast.warning(t('pages.flow.fileRequired'));
      toast.info(t('pages.flow.deployStarted'));
      await managerApi.deployUpload({ ...deployParams(choice), files: [file] });
      toast.success(t('pages.common.operationSuccess'));
      setFile(undefined);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Stack spacing={2}>
        <DeployFields value={choice} onChange={setChoice} />
        <Stack spacing={0.5}>
          <Typography variant="body2" color="text.secondary">
            {t('pages.flow.flowFile')}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
              {t('pages.flow.chooseFile')}
              <input
                id="flow_deploy_file"
                type="file"
                hidden
                accept=".xml,.bpmn"
                onChange={(event) => {
                  setFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            <Typography id="flow_deploy_file_name" variant="body2">
              {file?.name ?? ''}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('pages.flow.uploadTip')}
          </Typography>
        </Stack>
        <Stack direction="row">
          <BusyButton id="flow_deploy_submit" busy={busy} onClick={() => void deploy()}>
            {t('pages.flow.deploy')}
          </BusyButton>
        </Stack>
      </Stack>
    </Paper>
  );
}
