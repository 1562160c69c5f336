import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useEngineText } from '../common/use-engine-text';

export interface ChildListDialogProps {
  title: string;
  onClose: () => void;
  /** The nested list. */
  children: ReactNode;
}

/** The large dialog (1000 px) holding a row's child list, e.g. "[性别]字典配置". */
export function ChildListDialog({ title, onClose, children }: ChildListDialogProps) {
  const { t } = useEngineText();
  return (
    <Dialog
      open
      maxWidth={false}
      aria-labelledby="child_list_title"
      slotProps={{ paper: { style: { width: 1000, maxWidth: 'calc(100% - 32px)' } } }}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
    >
      <DialogTitle id="child_list_title" sx={{ pr: 6 }}>
        {title}
        <IconButton id="child_list_close" aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
    </Dialog>
  );
}
