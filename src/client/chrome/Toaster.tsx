import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from '../ui/toast';

const AUTO_HIDE_MS = 3000;

/** Shows the oldest queued toast; the next one appears when it closes. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const current = toasts[0];
  if (!current) return null;
  const close = () => dismissToast(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={current.severity} variant="filled" onClose={close} sx={{ minWidth: 280 }}>
        {current.message}
      </Alert>
    </Snackbar>
  );
}
