import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
import * as Yup from 'yup';
import { VALIDATION } from '../../../contract/messages';
import { newPasswordSchema, passwordConfirmationSchema } from '../../components/newPasswordSchema';
import PasswordField from '../../components/PasswordField';
import { passwordChangeSubmitted, selectPasswordChange, type PasswordChangeStatus } from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fieldProps, touchedError } from '../../components/formField';

const changePasswordSchema = Yup.object({
  currentPassword: Yup.string().required(VALIDATION.currentPasswordRequired),
  newPassword: newPasswordSchema(VALIDATION.newPasswordMin),
  confirmPassword: passwordConfirmationSchema('newPassword', VALIDATION.newPasswordsMismatch),
});

type ChangePasswordValues = Yup.InferType<typeof changePasswordSchema>;

const emptyValues: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const passwordFields: { name: keyof ChangePasswordValues; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Clears the form once the password has been changed. */
function ClearWhenChanged({ status }: { status: PasswordChangeStatus }) {
  const { resetForm } = useFormikContext<ChangePasswordValues>();
  useEffect(() => {
    if (status === 'succeeded') resetForm();
  }, [status, resetForm]);
  return null;
}

export default function SecurityTab() {
  const dispatch = useAppDispatch();
  const { status, error, field } = useAppSelector(selectPasswordChange);
  const serverErrorOn = (name: keyof ChangePasswordValues) =>
    status === 'failed' && field === name ? (error ?? undefined) : undefined;
  const formError = status === 'failed' && !(field && field in emptyValues) ? error : null;

  return (
    <Formik
      initialValues={emptyValues}
      validationSchema={changePasswordSchema}
      onSubmit={({ currentPassword, newPassword }) => {
        dispatch(passwordChangeSubmitted({ currentPassword, newPassword }));
      }}
    >
      {(form) => {
        const messageFor = (name: keyof ChangePasswordValues) => touchedError(form, name) ?? serverErrorOn(name);
        return (
          <Form noValidate>
            <ClearWhenChanged status={status} />
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              {formError && <Alert severity="error">{formError}</Alert>}
              {passwordFields.map(({ name, label, autoComplete }) => (
                <PasswordField
                  key={name}
                  {...fieldProps(form, name, messageFor(name))}
                  label={label}
                  autoComplete={autoComplete}
                  required
                  fullWidth
                />
              ))}
              <Button
                type="submit"
                variant="contained"
                disabled={status === 'submitting'}
                sx={{ alignSelf: 'flex-start' }}
              >
                {status === 'submitting' ? 'Changing...' : 'Change password'}
              </Button>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
