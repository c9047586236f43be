import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { selectToasts, toastDismissed, type ToastVariant } from '../features/toasts/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

const SEVERITY: Record<ToastVariant, 'info' | 'success' | 'error'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

/**
 * Shows the toasts in the store, newest at the bottom. A saga closes each after a while
 * (features/toasts/saga.ts); a plain stack rather than MUI's Snackbar keeps the landing script small.
 */
export default function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  if (toasts.length === 0) return null;
  return (
    <Stack
      spacing={1}
      aria-live="polite"
      sx={{ position: 'fixed', bottom: 16, right: 16, left: { xs: 16, sm: 'auto' }, zIndex: 'snackbar', maxWidth: 420 }}
    >
      {toasts.map((toast) => (
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
      ))}
    </Stack>
  );
}
