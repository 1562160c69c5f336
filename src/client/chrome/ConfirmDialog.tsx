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
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question (title defaults to 提示, buttons 确定 / 取消). */
export function ConfirmDialog({ open, message, title, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title ?? t('tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancelText')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {t('submitText')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
