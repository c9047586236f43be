import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { selectResend, verificationResendRequested } from '../features/auth/verificationResend';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export interface VerificationBannerProps {
  email: string;
}

/** Asks an owner whose email is unverified to verify it, and sends the mail again on request. */
export default function VerificationBanner({ email }: VerificationBannerProps) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectResend);
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={status === 'sending'}
          onClick={() => dispatch(verificationResendRequested({ email }))}
        >
          Resend Email
        </Button>
      }
    >
      <AlertTitle>Please verify your email address</AlertTitle>
      We sent a verification link to {email}. Verify your address to create and edit agents.
    </Alert>
  );
}
