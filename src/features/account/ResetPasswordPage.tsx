import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import * as Yup from 'yup';
import { VALIDATION } from '../../../contract/messages';
import CenteredCard, { CenteredCardLink, CenteredCardSubmit } from '../../components/CenteredCard';
import { newPasswordSchema, passwordConfirmationSchema } from '../../components/newPasswordSchema';
import PasswordField from '../../components/PasswordField';
import { passwordResetSubmitted, resetPasswordPageOpened, selectResetConfirm } from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fieldProps } from '../../components/formField';

export const INVALID_RESET_LINK = 'Invalid password reset link. Please request a new one.';

const resetPasswordSchema = Yup.object({
  newPassword: newPasswordSchema(VALIDATION.passwordMin),
  confirmPassword: passwordConfirmationSchema('newPassword', VALIDATION.resetPasswordsMismatch),
});

/** The page opened without a token: nothing to reset with, only the way to a new link. */
function InvalidResetLink() {
  return (
    <CenteredCard title="Reset your password">
      <Alert severity="error">{INVALID_RESET_LINK}</Alert>
      <CenteredCardLink to="/forgot-password">Request a new reset link</CenteredCardLink>
    </CenteredCard>
  );
}

function PasswordResetDone() {
  return (
    <CenteredCard title="Password reset">
      <Alert severity="success">Your password has been changed. You can now sign in with your new password.</Alert>
      <Button component={RouterLink} to="/login" variant="contained" size="large">
        Back to login
      </Button>
    </CenteredCard>
  );
}

export interface ResetPasswordFormProps {
  token: string;
}

function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const dispatch = useAppDispatch();
  const { status, error, field } = useAppSelector(selectResetConfirm);
  // The password last sent: the server's verdict on it (e.g. too common) holds until it is edited.
  const [submittedPassword, setSubmittedPassword] = useState<string | null>(null);
  const passwordRefused = status === 'failed' && field === 'newPassword';

  return (
    <CenteredCard title="Reset your password" subtitle="Choose a new password for your account.">
      {status === 'failed' && error && !passwordRefused && <Alert severity="error">{error}</Alert>}
      <Formik
        initialValues={{ newPassword: '', confirmPassword: '' }}
        validationSchema={resetPasswordSchema}
        onSubmit={({ newPassword }) => {
          setSubmittedPassword(newPassword);
          dispatch(passwordResetSubmitted({ token, newPassword }));
        }}
      >
        {(form) => (
          <Form noValidate>
            <Stack spacing={2}>
              <PasswordField
                {...fieldProps(
                  form,
                  'newPassword',
                  passwordRefused && form.values.newPassword === submittedPassword ? (error ?? undefined) : undefined,
                )}
                label="New password"
                autoComplete="new-password"
                required
                fullWidth
              />
              <PasswordField
                {...fieldProps(form, 'confirmPassword')}
                label="Confirm new password"
                autoComplete="new-password"
                required
                fullWidth
              />
              <CenteredCardSubmit label="Reset password" busyLabel="Resetting..." busy={status === 'submitting'} />
            </Stack>
          </Form>
        )}
      </Formik>
      <CenteredCardLink to="/login">Back to login</CenteredCardLink>
    </CenteredCard>
  );
}

export default function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { status } = useAppSelector(selectResetConfirm);
  useEffect(() => {
    dispatch(resetPasswordPageOpened());
  }, [dispatch, token]);

  if (!token) return <InvalidResetLink />;
  if (status === 'success') return <PasswordResetDone />;
  return <ResetPasswordForm token={token} />;
}
