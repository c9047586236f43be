import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { VALIDATION } from '../../../contract/messages';
import {
  accountDeletionCancelled,
  accountDeletionConfirmed,
  accountDeletionStarted,
  selectDeletion,
  type DeletionState,
} from './slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** SPEC.md §9: the word typed to confirm deletion, in any letter case. */
export const DELETE_CONFIRMATION_WORD = 'delete';

const isConfirmationWord = (text: string) => text.toLowerCase() === DELETE_CONFIRMATION_WORD;

const deleteConfirmationSchema = Yup.object({
  confirmation: Yup.string()
    .default('')
    .test('is-delete', VALIDATION.deleteConfirm, (text) => isConfirmationWord(text)),
});

export type DeleteConfirmationFormProps = DeletionState;

/** The second step: type the word, then confirm or cancel. */
function DeleteConfirmationForm({ status, error }: DeleteConfirmationFormProps) {
  const dispatch = useAppDispatch();
  const busy = status === 'deleting' || status === 'deleted';
  return (
    <Formik
      initialValues={{ confirmation: '' }}
      validationSchema={deleteConfirmationSchema}
      onSubmit={() => {
        dispatch(accountDeletionConfirmed());
      }}
    >
      {({ getFieldProps, values, errors }) => {
        const typed = values.confirmation !== '';
        return (
          <Form noValidate>
            <Stack spacing={2}>
              {status === 'failed' && error && <Alert severity="error">{error}</Alert>}
              <TextField
                {...getFieldProps('confirmation')}
                label={`Type '${DELETE_CONFIRMATION_WORD}' to confirm`}
                autoComplete="off"
                fullWidth
                autoFocus
                disabled={status !== 'confirming' && status !== 'failed'}
                error={typed && Boolean(errors.confirmation)}
                helperText={typed ? errors.confirmation : VALIDATION.deleteConfirm}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  type="submit"
                  variant="contained"
                  color="error"
                  disabled={!isConfirmationWord(values.confirmation) || busy}
                >
                  {status === 'deleting' ? 'Deleting...' : 'Confirm'}
                </Button>
                <Button variant="outlined" disabled={busy} onClick={() => dispatch(accountDeletionCancelled())}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}

export default function DangerZoneTab() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectDeletion);

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h6" component="h2" color="error">
        Delete account
      </Typography>
      <Typography color="text.secondary">
        Deleting your account removes your profile, agents, documents, conversations and messaging connection. This
        cannot be undone.
      </Typography>
      {status === 'idle' ? (
        <Button
          variant="contained"
          color="error"
          onClick={() => dispatch(accountDeletionStarted())}
          sx={{ alignSelf: 'flex-start' }}
        >
          Delete Account
        </Button>
      ) : (
        <DeleteConfirmationForm status={status} error={error} />
      )}
    </Stack>
  );
}
