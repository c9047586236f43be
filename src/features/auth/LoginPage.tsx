import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { Link, Navigate, useLocation, type To } from 'react-router';
import { boolean, object, string } from 'yup';
import { VALIDATION } from '../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import PasswordField from '../../components/PasswordField';
import AuthLayout from '../../components/AuthLayout';
import { loginSubmitted, selectAuthStatus, selectLoginForm, type LoginSubmission } from './slice';
import { fieldProps } from '../../components/formField';

const loginSchema = object({
  emailOrUsername: string().trim().required(VALIDATION.emailOrUsernameRequired),
  password: string().required(VALIDATION.passwordRequired),
  rememberMe: boolean(),
});

const initialValues: LoginSubmission = { emailOrUsername: '', password: '', rememberMe: false };

/** Where a signed-in user goes: the protected page that sent them here (ProtectedRoute's state), else /dashboard. */
function redirectTarget(state: unknown): To {
  const from = (state as { from?: { pathname?: unknown; search?: string; hash?: string } } | null)?.from;
  if (typeof from?.pathname !== 'string') return '/dashboard';
  return { pathname: from.pathname, search: from.search, hash: from.hash };
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const authStatus = useAppSelector(selectAuthStatus);
  const form = useAppSelector(selectLoginForm);
  const location = useLocation();
  const formik = useFormik({
    initialValues,
    // Errors appear on typing and on submit, not on blur: an error appearing on blur shifts the
    // links below the field while they are being clicked, and the click lands on nothing.
    validateOnBlur: false,
    validationSchema: loginSchema,
    onSubmit: (values) => {
      dispatch(loginSubmitted({ ...values, emailOrUsername: values.emailOrUsername.trim() }));
    },
  });

  if (authStatus === 'authenticated') return <Navigate to={redirectTarget(location.state)} replace />;

  const busy = form.status === 'submitting';

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle={
        <>
          Or{' '}
          <MuiLink component={Link} to="/register">
            create a new account
          </MuiLink>
        </>
      }
      cardTitle="Welcome back"
      cardSubtitle="Enter your credentials to access your account."
    >
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <Stack spacing={2}>
          {/* A failure from an earlier visit to this page is not news: only this visit's attempt shows. */}
          {formik.submitCount > 0 && form.status === 'failed' && (
            <Alert severity="error">{form.error || 'Login failed'}</Alert>
          )}
          <TextField
            {...fieldProps(formik, 'emailOrUsername')}
            label="Email or Username"
            autoComplete="username"
            autoFocus
            fullWidth
          />
          <PasswordField
            {...fieldProps(formik, 'password')}
            label="Password"
            autoComplete="current-password"
            fullWidth
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <FormControlLabel
              control={<Checkbox {...formik.getFieldProps({ name: 'rememberMe', type: 'checkbox' })} />}
              label="Remember me"
            />
            <MuiLink component={Link} to="/forgot-password" variant="body2">
              Forgot password?
            </MuiLink>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
