import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ToastMessage } from '../ui/toast';

const AUTO_HIDE_MS = 3000;

/** One toast at the top centre, closing itself after a while (not on a click elsewhere). */
export function ToastView({ toast, onClose }: { toast: ToastMessage; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={onClose} sx={{ minWidth: 280 }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
