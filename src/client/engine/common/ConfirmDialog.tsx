import Box from '@mui/material/Box';
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
  /** A longer text shown as written below the question (an action's preview, e.g. a diff). */
  detail?: string;
  /** Default 提示 / Tip. */
  title?: string;
  /** True while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Saber's $confirm: title 提示, buttons 确定 (id confirm_ok) / 取消 (id confirm_cancel). */
export function ConfirmDialog({ open, message, detail, title, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useEngineText();
  return (
    <Dialog open={open} onClose={onCancel} maxWidth={detail ? 'md' : 'xs'} fullWidth aria-labelledby="engine-confirm-title">
      <DialogTitle id="engine-confirm-title">{title ?? t('tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {detail ? (
          <Box component="pre" id="confirm_detail" tabIndex={0} sx={{ mt: 1, mb: 0, p: 1, maxHeight: '50vh', overflow: 'auto', fontSize: 12, bgcolor: 'action.hover', whiteSpace: 'pre' }}>
            {detail}
          </Box>
        ) : null}
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
