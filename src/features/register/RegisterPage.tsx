import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { boolean, object, string } from 'yup';
import type { RegisterBody } from '../../../contract';
import {
  EMAIL_SHAPE,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  VALIDATION,
} from '../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { newPasswordSchema, passwordConfirmationSchema } from '../../components/newPasswordSchema';
import PasswordField from '../../components/PasswordField';
import AuthLayout, { AUTH_FORM_VALIDATION } from '../../components/AuthLayout';
import AvailabilityIndicator from './AvailabilityIndicator';
import {
  emailEdited,
  selectEmailAvailability,
  selectUsernameAvailability,
  usernameEdited,
  type AvailabilityField,
  type FieldAvailability,
} from './slice';
import { registerSubmitted, selectAuthStatus, selectRegisterForm } from '../auth/slice';
import { fieldProps, touchedError } from '../../components/formField';

interface RegisterValues extends RegisterBody {
  agree: boolean;
}

/** What the live checks found taken, given to the schema as its context. */
interface TakenValues {
  takenUsername: string | null;
  takenEmail: string | null;
}

const registerSchema = object({
  email: string()
    .required(VALIDATION.emailInvalid)
    .email(VALIDATION.emailInvalid)
    // The live check runs only on this shape, so no address goes out unchecked.
    .matches(EMAIL_SHAPE, VALIDATION.emailInvalid)
    .test('email-free', VALIDATION.emailTaken, (value, { options }) => {
      return (options.context as TakenValues | undefined)?.takenEmail !== value;
    }),
  username: string()
    .required(VALIDATION.usernameMin)
    .min(USERNAME_MIN_LENGTH, VALIDATION.usernameMin)
    .max(USERNAME_MAX_LENGTH, VALIDATION.usernameMax)
    .matches(USERNAME_PATTERN, VALIDATION.usernamePattern)
    .test('username-free', VALIDATION.usernameTaken, (value, { options }) => {
      return (options.context as TakenValues | undefined)?.takenUsername !== value;
    }),
  first_name: string().trim().required(VALIDATION.firstNameRequired).max(NAME_MAX_LENGTH, VALIDATION.nameMax),
  last_name: string().trim().required(VALIDATION.lastNameRequired).max(NAME_MAX_LENGTH, VALIDATION.nameMax),
  password: newPasswordSchema(VALIDATION.passwordMin),
  confirm_password: passwordConfirmationSchema('password', VALIDATION.passwordsMismatch),
  agree: boolean().oneOf([true], VALIDATION.agreeRequired),
});

const initialValues: RegisterValues = {
  email: '',
  username: '',
  first_name: '',
  last_name: '',
  password: '',
  confirm_password: '',
  agree: false,
};

function takenValue(availability: FieldAvailability): string | null {
  return availability.status === 'taken' ? availability.value : null;
}

/** What typing in a live-checked field also tells: the value to check. */
const EDITED = { email: emailEdited, username: usernameEdited } as const;

export interface CheckedFieldProps {
  formik: FormikProps<RegisterValues>;
  name: AvailabilityField;
  label: string;
  type?: string;
  autoComplete: string;
  /** The field's message: the server's verdict or, once touched, the validation's. */
  message: string | undefined;
  availability: FieldAvailability;
}

/** A field checked live as it is typed, with the check's verdict on its own line under it. */
function CheckedField({ formik, name, label, type, autoComplete, message, availability }: CheckedFieldProps) {
  const dispatch = useAppDispatch();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    formik.handleChange(event);
    dispatch(EDITED[name](event.target.value));
  };
  // A verdict counts only for the value it was given for.
  const status = availability.value === formik.values[name] ? availability.status : 'idle';
  return (
    <Box>
      <TextField
        {...formik.getFieldProps(name)}
        onChange={onChange}
        label={label}
        type={type}
        autoComplete={autoComplete}
        fullWidth
        error={Boolean(message)}
        helperText={message}
      />
      <AvailabilityIndicator field={name} status={status} />
    </Box>
  );
}

export interface AgreeToTermsProps {
  formik: FormikProps<RegisterValues>;
  message: string | undefined;
}

function AgreeToTerms({ formik, message }: AgreeToTermsProps) {
  return (
    <FormControl error={Boolean(message)}>
      <FormControlLabel
        control={<Checkbox {...formik.getFieldProps({ name: 'agree', type: 'checkbox' })} />}
        label={
          <>
            I agree to the{' '}
            <MuiLink component={Link} to="/terms">
              Terms and Conditions
            </MuiLink>
          </>
        }
      />
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}

/**
 * The registration form's state: validated against the schema with what the live checks found
 * taken, revalidated when a check answers; a submission is remembered so that the server's verdict
 * on a field holds until that field is edited.
 */
function useRegisterForm(takenUsername: string | null, takenEmail: string | null) {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectRegisterForm);
  // The values of this visit's last submission: the server's verdict on a field holds until it is edited.
  const [submitted, setSubmitted] = useState<RegisterValues | null>(null);

  const formik = useFormik({
    initialValues,
    ...AUTH_FORM_VALIDATION,
    validate: async (values): Promise<FormikErrors<RegisterValues>> => {
      try {
        await validateYupSchema(values, registerSchema, false, { takenUsername, takenEmail } satisfies TakenValues);
        return {};
      } catch (error) {
        return yupToFormErrors(error);
      }
    },
    onSubmit: (values) => {
      const { agree: _agree, ...body } = values;
      setSubmitted(values);
      dispatch(registerSubmitted({ ...body, first_name: body.first_name.trim(), last_name: body.last_name.trim() }));
    },
  });

  const { validateForm } = formik;
  useEffect(() => {
    // A live check answered after the last validation: let "already taken" show (or go) now.
    void validateForm();
  }, [takenUsername, takenEmail, validateForm]);

  const failed = submitted !== null && form.status === 'failed';
  const fieldError = (name: keyof RegisterValues): string | undefined => {
    if (failed && form.field === name && form.error && submitted[name] === formik.values[name]) return form.error;
    return touchedError(formik, name);
  };
  return { formik, form, failed, fieldError };
}

export default function RegisterPage() {
  const authStatus = useAppSelector(selectAuthStatus);
  const usernameAvailability = useAppSelector(selectUsernameAvailability);
  const emailAvailability = useAppSelector(selectEmailAvailability);
  const { formik, form, failed, fieldError } = useRegisterForm(
    takenValue(usernameAvailability),
    takenValue(emailAvailability),
  );

  if (authStatus === 'authenticated') return <Navigate to="/dashboard" replace />;

  const textField = (name: 'first_name' | 'last_name', label: string, autoComplete: string) => (
    <TextField {...fieldProps(formik, name, fieldError(name))} label={label} autoComplete={autoComplete} fullWidth />
  );

  return (
    <AuthLayout
      title="Create your account"
      switchTo={{ prompt: 'Already have an account?', label: 'Sign in', to: '/login' }}
      cardTitle="Get started"
      cardSubtitle="Put an AI agent on your WhatsApp Business number in minutes."
      error={failed ? form.error || 'Registration failed' : null}
      submit={{ label: 'Create account', busyLabel: 'Creating account...', busy: form.status === 'submitting' }}
      onSubmit={formik.handleSubmit}
    >
      <CheckedField
        formik={formik}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        message={fieldError('email')}
        availability={emailAvailability}
      />
      <CheckedField
        formik={formik}
        name="username"
        label="Username"
        autoComplete="username"
        message={fieldError('username')}
        availability={usernameAvailability}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {textField('first_name', 'First Name', 'given-name')}
        {textField('last_name', 'Last Name', 'family-name')}
      </Stack>
      <PasswordField
        {...fieldProps(formik, 'password', fieldError('password'))}
        label="Password"
        autoComplete="new-password"
        fullWidth
      />
      <PasswordField
        {...fieldProps(formik, 'confirm_password', fieldError('confirm_password'))}
        label="Confirm Password"
        autoComplete="new-password"
        fullWidth
      />
      <AgreeToTerms formik={formik} message={fieldError('agree')} />
    </AuthLayout>
  );
}
