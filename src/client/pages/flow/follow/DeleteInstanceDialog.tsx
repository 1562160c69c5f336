import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '../../../components/ActionDialog';
import { useSubmit } from '../../shared/use-submit';
import { followApi, type Row } from '../flow-api';

/** 流程删除: ends a running instance with a free-text reason (`delete-process-instance`). */
export function DeleteInstanceDialog({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, run } = useSubmit(() => {
    onDone();
    onClose();
  });
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    void run(() => followApi.deleteInstance({ processInstanceId: String(row.processInstanceId), deleteReason: reason.trim() }));
  };
  return (
    <ActionDialog id="flow_delete_dialog" title={t('pages.flow.deleteDialog')} width={500} busy={busy} onSubmit={submit} onClose={onClose}>
      <TextField
        id="flow_delete_reason"
        fullWidth
        multiline
        minRows={3}
        label={t('pages.flow.deleteReason')}
        value={reason}
        error={missing}
        helperText={missing ? t('pages.flow.deleteReasonRequired') : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        sx={{ mt: 1 }}
      />
    </ActionDialog>
  );
}
