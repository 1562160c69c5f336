import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { BusyButton } from '../ui/BusyButton';

export interface ActionDialogProps {
  /** Ids: the paper `<id>`, title `<id>_title`, buttons `<id>_submit` (确定) and `<id>_cancel` (取消). */
  id: string;
  title: string;
  /** Width in px (Saber's dialog widths); never wider than the screen. */
  width?: number;
  /** While the action runs: 确定 spins and is disabled. */
  busy?: boolean;
  /** Disables 确定 (nothing loaded to save yet). */
  submitDisabled?: boolean;
  /** No 确定 button (a dialog that only shows something). */
  readOnly?: boolean;
  onSubmit?: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A hand-written page's dialog: title, content, 确定 / 取消. Esc and 取消 close it; a
 * backdrop click does not (Saber: dialogClickModal false).
 */
export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  const { id, busy } = props;
  return (
    <Dialog
      open
      maxWidth={false}
      aria-labelledby={`${id}_title`}
      slotProps={{ paper: { id, style: { width: props.width ?? 500, maxWidth: 'calc(100% - 32px)' } } }}
      onClose={(_, reason) => reason !== 'backdropClick' && props.onClose()}
    >
      <DialogTitle id={`${id}_title`}>{props.title}</DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions>
        {!props.readOnly && (
          <BusyButton id={`${id}_submit`} busy={busy} disabled={props.submitDisabled} onClick={props.onSubmit}>
            {t('pages.common.ok')}
          </BusyButton>
        )}
        <Button id={`${id}_cancel`} onClick={props.onClose}>
          {t(props.readOnly ? 'pages.common.close' : 'pages.common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
