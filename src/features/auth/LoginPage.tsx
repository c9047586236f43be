import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { Link, Navigate, useLocation, type To } from 'react-router';
import { boolean, object, string } from 'yup';
import { VALIDATION } from '../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import PasswordField from '../../components/PasswordField';
import AuthLayout, { AUTH_FORM_VALIDATION } from '../../components/AuthLayout';
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
    ...AUTH_FORM_VALIDATION,
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
      switchTo={{ prompt: 'Or', label: 'create a new account', to: '/register' }}
      cardTitle="Welcome back"
      cardSubtitle="Enter your credentials to access your account."
      // A failure from an earlier visit to this page is not news: only this visit's attempt shows.
      error={formik.submitCount > 0 && form.status === 'failed' ? form.error || 'Login failed' : null}
      submit={{ label: 'Sign in', busyLabel: 'Signing in...', busy }}
      onSubmit={formik.handleSubmit}
    >
      <TextField
        {...fieldProps(formik, 'emailOrUsername')}
        label="Email or Username"
        autoComplete="username"
        autoFocus
        fullWidth
      />
      <PasswordField {...fieldProps(formik, 'password')} label="Password" autoComplete="current-password" fullWidth />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <FormControlLabel
          control={<Checkbox {...formik.getFieldProps({ name: 'rememberMe', type: 'checkbox' })} />}
          label="Remember me"
        />
        <MuiLink component={Link} to="/forgot-password" variant="body2">
          Forgot password?
        </MuiLink>
      </Box>
    </AuthLayout>
  );
}
