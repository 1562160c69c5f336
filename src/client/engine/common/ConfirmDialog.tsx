import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEngineText } from './use-engine-text';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  /** Default 提示 / Tip. */
  title?: string;
  /** True while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Saber's $confirm: title 提示, buttons 确定 (id confirm_ok) / 取消 (id confirm_cancel). */
export function ConfirmDialog({ open, message, title, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useEngineText();
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="engine-confirm-title">
      <DialogTitle id="engine-confirm-title">{title ?? t('tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button id="confirm_cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button id="confirm_ok" variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
