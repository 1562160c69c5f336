import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '../../../components/ActionDialog';
import { useSubmit } from '../../shared/use-submit';
import { managerApi, type Row } from '../flow-api';

/** 流程变更: 激活 (active) / 挂起 (suspend) a deployed definition. */
export function StateDialog({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'active' | 'suspend'>(String(row.suspensionState ?? '1') === '1' ? 'suspend' : 'active');
  const { busy, run } = useSubmit(() => {
    onDone();
    onClose();
  });
  return (
    <ActionDialog
      id="flow_state_dialog"
      title={t('pages.flow.stateDialog')}
      width={400}
      busy={busy}
      onSubmit={() => void run(() => managerApi.changeState({ processId: String(row.id), state }))}
      onClose={onClose}
    >
      <TextField
        id="flow_state"
        select
        fullWidth
        size="small"
        label={t('pages.flow.state')}
        value={state}
        onChange={(event) => setState(event.target.value as 'active' | 'suspend')}
        sx={{ mt: 1 }}
      >
        <MenuItem value="active" data-state="active">
          {t('pages.flow.active')}
        </MenuItem>
        <MenuItem value="suspend" data-state="suspend">
          {t('pages.flow.suspended')}
        </MenuItem>
      </TextField>
    </ActionDialog>
  );
}
