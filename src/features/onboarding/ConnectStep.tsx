import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { connectClicked, selectSignupError, selectSignupStatus, type SignupStatus } from './signupSlice';

export interface ConnectStepProps {
  reconnecting: boolean;
}

/** The button's words per state of the connect flow (SPEC.md §4). */
const BUTTON_LABELS: Record<SignupStatus, string> = {
  not_ready: 'Connect WhatsApp Business',
  ready: 'Connect WhatsApp Business',
  in_progress: 'Setting up WhatsApp...',
  succeeded: 'Connect WhatsApp Business',
  failed: 'Connect WhatsApp Business',
};

/** Step 2: the button that opens Meta's signup popup, and why the last attempt failed. */
export default function ConnectStep({ reconnecting }: ConnectStepProps) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSignupStatus);
  const error = useAppSelector(selectSignupError);
  const inProgress = status === 'in_progress';
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2" gutterBottom>
          {reconnecting ? 'Reconnect your WhatsApp Business account' : 'Connect your WhatsApp Business account'}
        </Typography>
        <Typography color="text.secondary">
          {reconnecting
            ? 'Sign in with Meta again to renew the connection of your WhatsApp Business number. Your agents and conversations stay as they are.'
            : 'Sign in with Meta in the window that opens, pick your WhatsApp Business account and phone number, and confirm. It takes a few minutes.'}
        </Typography>
      </Box>
      {status === 'failed' && error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button
          variant="contained"
          color="success"
          size="large"
          startIcon={inProgress ? <CircularProgress size={20} color="inherit" /> : <WhatsAppIcon />}
          disabled={status === 'not_ready' || inProgress || status === 'succeeded'}
          onClick={() => dispatch(connectClicked())}
        >
          {BUTTON_LABELS[status]}
        </Button>
        {status === 'not_ready' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Preparing Meta&apos;s signup...
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
