import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as Yup from 'yup';
import { AGENT_ERRORS, AGENT_LIMITS, type Memory } from '../../../contract/agents';
import { fieldProps } from '../../components/formField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { memoryChangeDismissed, memoryDeleteConfirmed, memoryEditSubmitted, selectMemoryChange } from './detailSlice';
import { formatWaId } from '../../../contract/phone-numbers';

const memorySchema = Yup.object({
  memory: Yup.string()
    .trim()
    .required(AGENT_ERRORS.memoryRequired)
    .max(AGENT_LIMITS.maxMemoryLength, AGENT_ERRORS.tooLong('Memory', AGENT_LIMITS.maxMemoryLength)),
});

export interface MemoryChangeDialogProps {
  agentId: number;
  open: boolean;
  /** The memory shown; it stays while the dialog fades out. */
  memory: Memory | undefined;
  saving: boolean;
  /** Why the last try failed, if it did. */
  error: string | null;
  onClose: () => void;
}

export interface ChangeErrorProps {
  error: string | null;
}

function ChangeError({ error }: ChangeErrorProps) {
  return (
    error && (
      <Alert severity="error" sx={{ mb: 2 }}>
        {error}
      </Alert>
    )
  );
}

/** Corrects the memory's text. */
function EditMemoryDialog({ agentId, open, memory, saving, error, onClose }: MemoryChangeDialogProps) {
  const dispatch = useAppDispatch();
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby="memory-edit-title" fullWidth>
      {memory && (
        <Formik
          initialValues={{ memory: memory.memory }}
          validationSchema={memorySchema}
          onSubmit={(values) => {
            dispatch(memoryEditSubmitted({ agentId, memoryId: memory.id, memory: values.memory.trim() }));
          }}
        >
          {(form) => (
            <Form noValidate>
              <DialogTitle id="memory-edit-title">Edit memory</DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>About {formatWaId(memory.from_phone_number)}</DialogContentText>
                <ChangeError error={error} />
                <TextField {...fieldProps(form, 'memory')} label="Memory" multiline minRows={3} fullWidth autoFocus />
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={saving || form.values.memory.trim() === ''}>
                  {saving ? 'Saving...' : 'Save'}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}

/** Asks before the agent forgets the memory. */
function DeleteMemoryDialog({ agentId, open, memory, saving, error, onClose }: MemoryChangeDialogProps) {
  const dispatch = useAppDispatch();
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby="memory-delete-title">
      <DialogTitle id="memory-delete-title">Delete this memory?</DialogTitle>
      <DialogContent>
        <ChangeError error={error} />
        <DialogContentText>The agent forgets it: {memory?.memory}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={saving}
          onClick={() => memory && dispatch(memoryDeleteConfirmed({ agentId, memoryId: memory.id }))}
        >
          {saving ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface MemoryDialogsProps {
  agentId: number;
  memories: Memory[];
}

/** The dialogs that correct or delete one memory; the slice says which is open. */
export default function MemoryDialogs({ agentId, memories }: MemoryDialogsProps) {
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectMemoryChange);
  const target = change && memories.find((candidate) => candidate.id === change.memoryId);
  // What the dialog shows stays while it fades out after the change is done.
  const [memory, setMemory] = useState<Memory | undefined>(target ?? undefined);
  if (target && target !== memory) setMemory(target);
  const shared = {
    agentId,
    memory,
    saving: change?.status === 'saving',
    error: (change?.status === 'failed' && change.error) || null,
    onClose: () => dispatch(memoryChangeDismissed()),
  };

  return (
    <>
      <EditMemoryDialog {...shared} open={Boolean(target) && change?.mode === 'edit'} />
      <DeleteMemoryDialog {...shared} open={Boolean(target) && change?.mode === 'delete'} />
    </>
  );
}
