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
import { useSession } from '../../../session/use-session';

/** What the picked users are for: 转办 and 委派 take one, 抄送 several. */
export type PickUserMode = 'transfer' | 'delegate' | 'copy';

const SEND: Record<PickUserMode, (input: { taskId: string; userIds: string[]; comment: string }) => Promise<string>> = {
  transfer: ({ taskId, userIds, comment }) => workApi.transfer({ taskId, userId: userIds[0], comment }),
  delegate: ({ taskId, userIds, comment }) => workApi.delegate({ taskId, userId: userIds[0], comment }),
  copy: (input) => workApi.copy(input),
};

/**
 * 转办 / 委派 / 抄送: pick the tenant's user(s) and say why; the server refuses oneself and
 * other tenants' users. Ids are `flow_<mode>_…`.
 */
export function PickUserDialog({ mode, taskId, onClose, onDone }: { mode: PickUserMode; taskId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const users = useAsync(fetchUsers, []);
  // The server refuses handing a task to oneself: the caller is not offered.
  const self = String(useSession().userInfo?.user_id ?? '');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const many = mode === 'copy';
  const submit = async () => {
    if (!userIds.length) return setMissing(true);
    setBusy(true);
    try {
      toast.success(await SEND[mode]({ taskId, userIds, comment: comment.trim() }));
      onDone();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} slotProps={{ paper: { id: `flow_${mode}_dialog` } }}>
      <DialogTitle>{t(`pages.flow.${mode}`)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id={`flow_${mode}_user`}
            select
            size="small"
            required
            label={t(`pages.flow.${mode}To`)}
            value={many ? userIds : userIds[0] ?? ''}
            error={missing}
            helperText={missing ? t(`pages.flow.${mode}ToRequired`) : undefined}
            slotProps={{ select: { multiple: many } }}
            onChange={(event) => {
              const value = event.target.value as unknown;
              setUserIds(Array.isArray(value) ? value.map(String) : [String(value)]);
              setMissing(false);
            }}
          >
            {(users.data ?? []).filter((user) => user.id !== self).map((user) => (
              <MenuItem key={user.id} value={user.id} data-account={user.account}>
                {user.account}
                {user.realName ? ` (${user.realName})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField id={`flow_${mode}_comment`} multiline minRows={2} label={t('pages.flow.comment')} value={comment} onChange={(event) => setComment(event.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <BusyButton id={`flow_${mode}_submit`} busy={busy} onClick={() => void submit()}>
          {t(`pages.flow.${mode}`)}
        </BusyButton>
        <Button id={`flow_${mode}_cancel`} onClick={onClose}>
          {t('pages.common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
