import CloseIcon from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLogs } from '../../store/logs-store';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorLogTable } from './ErrorLogTable';
import { useErrorLogActions } from './use-error-log-actions';

/** The local error log viewer (Saber page/logs, full-screen dialog 日志): upload to the server, or clear. */
export function ErrorLogDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const logs = useLogs();
  const actions = useErrorLogActions();
  return (
    <Dialog fullScreen open onClose={onClose} slotProps={{ paper: { id: 'error_log_dialog' } }} aria-labelledby="error_log_title">
      <AppBar position="static" elevation={0} color="default">
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography id="error_log_title" variant="h6" sx={{ flex: 1, fontSize: 18 }}>
            {t('logs.title')}
          </Typography>
          <IconButton id="error_log_close" edge="end" aria-label={t('tagsView.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, display: 'flex', gap: 1 }}>
        <Button id="error_log_upload" variant="contained" startIcon={<CloudUploadOutlined />} disabled={!logs.length} onClick={actions.askUpload}>
          {t('logs.upload')}
        </Button>
        <Button id="error_log_clear" variant="outlined" color="error" startIcon={<DeleteOutline />} disabled={!logs.length} onClick={actions.askClear}>
          {t('logs.clear')}
        </Button>
      </Box>
      <Box sx={{ px: 2, pb: 2, overflow: 'auto' }}>
        <ErrorLogTable logs={logs} />
      </Box>
      <ConfirmDialog {...actions.confirm} />
    </Dialog>
  );
}
