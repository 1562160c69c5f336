import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { OpenListRun } from '../../../shared/schema/entity-model';
import { useEngineText } from '../common/use-engine-text';

export interface OpenListPanelProps {
  run: OpenListRun;
  title: string;
  onClose: () => void;
  /** The list shown inside. */
  children: ReactNode;
}

/**
 * The drawer (right-hand) or dialog of an action of run kind open, `run.width` wide, ids
 * `<prefix>_drawer` (or `_dialog`), `_title` and `_close`.
 */
export function OpenListPanel({ run, title, onClose, children }: OpenListPanelProps) {
  const { t } = useEngineText();
  const id = `${run.prefix}_${run.as}`;
  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography id={`${id}_title`} variant="h6" sx={{ flex: 1 }}>
        {title}
      </Typography>
      <IconButton id={`${id}_close`} aria-label={t('close')} onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
  const body = <Box sx={{ p: 2 }}>{children}</Box>;
  if (run.as === 'dialog') {
    return (
      <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { id, 'aria-labelledby': `${id}_title`, sx: { width: run.width, maxWidth: '100vw' } } }}>
        {header}
        {body}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the layout's header (which sits over the sidebar drawer), like a dialog.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { id, 'aria-labelledby': `${id}_title`, sx: { width: run.width, maxWidth: '100vw' } } }}
    >
      {header}
      {body}
    </Drawer>
  );
}
