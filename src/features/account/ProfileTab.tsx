import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form, Formik, type FormikProps } from 'formik';
import * as Yup from 'yup';
import type { UserProfile } from '../../../contract';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, VALIDATION } from '../../../contract/messages';
import { profileSubmitted, selectProfileSave } from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fieldProps, touchedError } from '../../components/formField';

const profileSchema = Yup.object({
  first_name: Yup.string().trim().required(VALIDATION.firstNameRequired).max(NAME_MAX_LENGTH, VALIDATION.nameMax),
  last_name: Yup.string().trim().required(VALIDATION.lastNameRequired).max(NAME_MAX_LENGTH, VALIDATION.nameMax),
  display_name: Yup.string().trim().max(NAME_MAX_LENGTH, VALIDATION.nameMax),
  bio: Yup.string().trim().max(BIO_MAX_LENGTH, VALIDATION.bioMax),
});

type ProfileValues = Yup.InferType<typeof profileSchema>;

function valuesOf(user: UserProfile): ProfileValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name ?? '',
    bio: user.bio ?? '',
  };
}

/** What the form sends: trimmed, with the optional fields left empty sent as null. */
function profileUpdateOf(values: ProfileValues) {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    display_name: values.display_name?.trim() || null,
    bio: values.bio?.trim() || null,
  };
}

export interface NameFieldsProps {
  form: FormikProps<ProfileValues>;
}

function NameFields({ form }: NameFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField {...fieldProps(form, 'first_name')} label="First name" autoComplete="given-name" required fullWidth />
      <TextField {...fieldProps(form, 'last_name')} label="Last name" autoComplete="family-name" required fullWidth />
    </Stack>
  );
}

export interface ProfileTabProps {
  user: UserProfile;
}

export default function ProfileTab({ user }: ProfileTabProps) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectProfileSave);
  const saving = status === 'saving';

  return (
    <Formik
      initialValues={valuesOf(user)}
      enableReinitialize
      validationSchema={profileSchema}
      onSubmit={(values) => {
        dispatch(profileSubmitted(profileUpdateOf(values)));
      }}
    >
      {(form) => (
        <Form noValidate>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <TextField
              label="Email"
              value={user.email}
              fullWidth
              helperText="Your email address cannot be changed here."
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <NameFields form={form} />
            <TextField
              {...fieldProps(form, 'display_name')}
              label="Display name"
              autoComplete="nickname"
              fullWidth
              helperText={touchedError(form, 'display_name') ?? 'How your name appears in the app.'}
            />
            <TextField {...fieldProps(form, 'bio')} label="Bio" multiline minRows={3} fullWidth />
            <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
              {saving ? 'Saving...' : 'Save changes'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
