import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { selectCurrentToast, toastDismissed, type ToastVariant } from '../features/toasts/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

const SEVERITY: Record<ToastVariant, 'info' | 'success' | 'error'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

/**
 * Shows one toast at a time, the oldest open one; the next waits until it closes. A saga closes each
 * after a while (features/toasts/saga.ts); a plain box rather than MUI's Snackbar keeps the landing
 * script small.
 */
export default function Toaster() {
  const toast = useAppSelector(selectCurrentToast);
  const dispatch = useAppDispatch();
  return (
    <Box
      aria-live="polite"
      sx={{ position: 'fixed', bottom: 16, right: 16, left: { xs: 16, sm: 'auto' }, zIndex: 'snackbar', maxWidth: 420 }}
    >
      {toast && (
        <Alert
          key={toast.id}
          severity={SEVERITY[toast.variant]}
          variant="filled"
          elevation={6}
          onClose={() => dispatch(toastDismissed(toast.id))}
        >
          <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
          {toast.description}
        </Alert>
      )}
    </Box>
  );
}
