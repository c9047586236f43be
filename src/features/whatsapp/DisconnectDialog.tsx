import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { disconnectConfirmed, disconnectDialogClosed, selectDisconnect } from './slice';

/** SPEC.md §9: the word typed to confirm a disconnect, exactly. */
export const DISCONNECT_CONFIRMATION_WORD = 'DISCONNECT';
export const DISCONNECT_CONFIRMATION_MESSAGE = "Please type 'DISCONNECT' to confirm";

const isConfirmationWord = (text: string) => text === DISCONNECT_CONFIRMATION_WORD;

const disconnectSchema = Yup.object({
  confirmation: Yup.string()
    .default('')
    .test('is-disconnect', DISCONNECT_CONFIRMATION_MESSAGE, (text) => isConfirmationWord(text)),
});

/** SPEC.md §4 (Disconnect dialog): the confirm button needs the exact typed word. */
export default function DisconnectDialog() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectDisconnect);
  const disconnecting = status === 'disconnecting';
  const close = () => dispatch(disconnectDialogClosed());
  return (
    <Dialog open={status !== 'closed'} onClose={disconnecting ? undefined : close} aria-labelledby="disconnect-title">
      <Formik
        initialValues={{ confirmation: '' }}
        validationSchema={disconnectSchema}
        onSubmit={() => {
          dispatch(disconnectConfirmed());
        }}
      >
        {({ getFieldProps, values, errors }) => {
          const typed = values.confirmation !== '';
          return (
            <Form noValidate>
              <DialogTitle id="disconnect-title">Disconnect WhatsApp?</DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                  Your AI agent stops answering on this number and Threadline stops receiving its messages. You can
                  connect again at any time.
                </DialogContentText>
                {status === 'failed' && error && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {error}
                  </Alert>
                )}
                <TextField
                  {...getFieldProps('confirmation')}
                  label={`Type '${DISCONNECT_CONFIRMATION_WORD}' to confirm`}
                  autoComplete="off"
                  fullWidth
                  autoFocus
                  disabled={disconnecting}
                  error={typed && Boolean(errors.confirmation)}
                  helperText={typed ? errors.confirmation : undefined}
                />
              </DialogContent>
              <DialogActions>
                <Button onClick={close} disabled={disconnecting}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  color="error"
                  disabled={!isConfirmationWord(values.confirmation) || disconnecting}
                >
                  {disconnecting ? 'Disconnecting...' : 'Disconnect'}
                </Button>
              </DialogActions>
            </Form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
