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
import { fetchUsers, workApi } from '../../flow/flow-api';

/** 转办: pick the user the task goes to (and say why); the server refuses oneself and other tenants' users. */
export function TransferDialog({ taskId, onClose, onDone }: { taskId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const users = useAsync(fetchUsers, []);
  const [userId, setUserId] = useState('');
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!userId) return setMissing(true);
    setBusy(true);
    try {
      toast.success(await workApi.transfer({ taskId, userId, comment: comment.trim() }));
      onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} slotProps={{ paper: { id: 'flow_transfer_dialog' } }}>
      <DialogTitle>{t('pages.flow.transfer')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="flow_transfer_user"
            select
            size="small"
            required
            label={t('pages.flow.transferTo')}
            value={userId}
            error={missing}
            helperText={missing ? t('pages.flow.transferToRequired') : undefined}
            onChange={(event) => {
              setUserId(event.target.value);
              setMissing(false);
            }}
          >
            {(users.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id} data-account={user.account}>
                {user.account}
                {user.realName ? ` (${user.realName})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField id="flow_transfer_comment" multiline minRows={2} label={t('pages.flow.comment')} value={comment} onChange={(event) => setComment(event.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <BusyButton id="flow_transfer_submit" busy={busy} onClick={() => void submit()}>
          {t('pages.flow.transfer')}
        </BusyButton>
        <Button id="flow_transfer_cancel" onClick={onClose}>
          {t('pages.common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
