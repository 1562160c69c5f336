import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  /** True while the confirmed action runs (确定 is disabled). */
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question (title defaults to 提示, buttons 确定 `#confirm_ok` / 取消 `#confirm_cancel`, as the engine's). */
export function ConfirmDialog({ open, message, title, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="chrome-confirm-title">
      <DialogTitle id="chrome-confirm-title">{title ?? t('tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button id="confirm_cancel" onClick={onClose}>
          {t('cancelText')}
        </Button>
        <Button id="confirm_ok" variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {t('submitText')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
