import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import * as Yup from 'yup';
import { VALIDATION } from '../../../contract/messages';
import CenteredCard, { CenteredCardLink, CenteredCardSubmit } from '../../components/CenteredCard';
import { forgotPasswordPageOpened, passwordResetRequested, selectResetRequestStatus } from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fieldProps } from '../../components/formField';

export const EMAIL_REQUIRED = 'Email is required.';

const forgotPasswordSchema = Yup.object({
  email: Yup.string().trim().required(EMAIL_REQUIRED).email(VALIDATION.emailInvalid),
});

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectResetRequestStatus);
  useEffect(() => {
    dispatch(forgotPasswordPageOpened());
  }, [dispatch]);
  const locked = status !== 'idle';

  return (
    <CenteredCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to reset your password."
    >
      {status === 'sent' && (
        <Alert severity="success">
          If an account exists for that address, a password reset link is on its way. Please check your inbox and spam
          folder.
        </Alert>
      )}
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={({ email }) => {
          dispatch(passwordResetRequested({ email: email.trim() }));
        }}
      >
        {(form) => (
          <Form noValidate>
            <Stack spacing={2}>
              <TextField
                {...fieldProps(form, 'email')}
                label="Email address"
                type="email"
                autoComplete="email"
                required
                fullWidth
                disabled={locked}
              />
              <CenteredCardSubmit
                label="Send reset link"
                busyLabel="Sending..."
                busy={status === 'sending'}
                disabled={locked}
              />
            </Stack>
          </Form>
        )}
      </Formik>
      <CenteredCardLink to="/login">Back to login</CenteredCardLink>
    </CenteredCard>
  );
}
