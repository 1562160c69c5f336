import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BusyButton } from '../../../ui/BusyButton';
import { reportFailure } from '../../../ui/report-failure';
import { toast } from '../../../ui/toast';
import { useAsync } from '../../shared/use-async';
import { workApi } from '../../flow/flow-api';

/** 驳回至: choose an earlier step of this request (from its history); it goes back to whoever handled it last. */
export function BackDialog({ taskId, comment, onClose, onDone }: { taskId: string; comment: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const nodes = useAsync(() => workApi.backNodes(taskId), [taskId]);
  const [nodeId, setNodeId] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!nodeId) return setMissing(true);
    setBusy(true);
    try {
      toast.success(await workApi.back({ taskId, nodeId, comment }));
      onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const none = !nodes.loading && !(nodes.data ?? []).length;
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} slotProps={{ paper: { id: 'flow_back_dialog' } }}>
      <DialogTitle>{t('pages.flow.back')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="flow_back_node"
            select
            size="small"
            required
            disabled={none}
            label={t('pages.flow.backTo')}
            value={nodeId}
            error={missing}
            helperText={none ? t('pages.flow.backNone') : missing ? t('pages.flow.backToRequired') : undefined}
            onChange={(event) => {
              setNodeId(event.target.value);
              setMissing(false);
            }}
          >
            {(nodes.data ?? []).map((node) => (
              <MenuItem key={node.nodeId} value={node.nodeId} data-node={node.nodeId}>
                {t('pages.flow.backNodeLabel', { node: node.nodeName, name: node.assigneeName || node.assignee })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <BusyButton id="flow_back_submit" busy={busy} disabled={none} onClick={() => void submit()}>
          {t('pages.flow.back')}
        </BusyButton>
        <Button id="flow_back_cancel" onClick={onClose}>
          {t('pages.common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
