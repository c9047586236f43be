import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { VALIDATION } from '../../../contract/messages';
import CenteredCard from '../../components/CenteredCard';
import { selectVerification, verifyEmailPageOpened } from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

export default function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verification = useAppSelector(selectVerification);
  useEffect(() => {
    dispatch(verifyEmailPageOpened({ token }));
  }, [dispatch, token]);

  // The store may still describe an earlier token until this page's event has been handled.
  const status = !token ? 'error' : verification.token === token ? verification.status : 'loading';

  if (status === 'success') {
    return (
      <CenteredCard
        title="Email Verified!"
        subtitle="Your email address has been verified. You now have full access to your account."
        icon={<CheckCircleIcon color="success" sx={{ fontSize: 56 }} />}
      >
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
          Go to Dashboard
        </Button>
      </CenteredCard>
    );
  }

  if (status === 'error') {
    return (
      <CenteredCard
        title="Verification Failed"
        subtitle={token ? verification.error : VALIDATION.verifyTokenMissing}
        icon={<ErrorIcon color="error" sx={{ fontSize: 56 }} />}
      >
        <Stack spacing={1.5}>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Resend Verification Email
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            Back to Login
          </Button>
        </Stack>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      title="Verifying Email..."
      subtitle="Please wait while we verify your email address."
      icon={<CircularProgress aria-label="Verifying" />}
    />
  );
}
