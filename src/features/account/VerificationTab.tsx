import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UserProfile } from '../../../contract';
import { selectResend, verificationResendRequested } from '../auth/verificationResend';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

export interface VerificationTabProps {
  user: UserProfile;
}

export default function VerificationTab({ user }: VerificationTabProps) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectResend);

  if (user.is_verified) {
    return <Alert severity="success">Your email address {user.email} is verified.</Alert>;
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Alert severity="warning">
        Your email address {user.email} is not verified. Verify it to create and edit agents.
      </Alert>
      <Button
        variant="contained"
        disabled={status === 'sending'}
        onClick={() => dispatch(verificationResendRequested({ email: user.email }))}
        sx={{ alignSelf: 'flex-start' }}
      >
        Resend Email
      </Button>
    </Stack>
  );
}
