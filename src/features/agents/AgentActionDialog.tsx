import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AgentAction } from './listSlice';

interface ActionWording {
  title: string;
  text: (name: string) => string;
  confirm: string;
  destructive: boolean;
}

/** SPEC.md §4 Agent status: every action asks first. */
export const AGENT_ACTION_WORDING: Record<AgentAction, ActionWording> = {
  activate: {
    title: 'Set this agent active?',
    text: (name) =>
      `${name} becomes the only active agent and answers your customers from now on. The agent active until now becomes inactive.`,
    confirm: 'Set Active',
    destructive: false,
  },
  delete: {
    title: 'Delete this agent?',
    text: (name) => `${name} moves to Deleted and stops answering. You can restore it later.`,
    confirm: 'Delete',
    destructive: true,
  },
  restore: {
    title: 'Restore this agent?',
    text: (name) => `${name} comes back as an inactive agent.`,
    confirm: 'Restore',
    destructive: false,
  },
  deletePermanently: {
    title: 'Permanently delete this agent?',
    text: (name) =>
      `${name} is removed for good, with its documents, contexts, memories and graph. This cannot be undone.`,
    confirm: 'Permanently Delete',
    destructive: true,
  },
};

export interface AgentActionDialogProps {
  open: boolean;
  /** The agent and action to confirm; kept while the dialog fades out after a choice. */
  request: { name: string; action: AgentAction } | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited: () => void;
}

export default function AgentActionDialog({ open, request, onConfirm, onCancel, onExited }: AgentActionDialogProps) {
  const wording = request && AGENT_ACTION_WORDING[request.action];
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="agent-action-title"
      slotProps={{ transition: { onExited } }}
    >
      {request && wording && (
        <>
          <DialogTitle id="agent-action-title">{wording.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{wording.text(request.name)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Cancel</Button>
            <Button variant="contained" color={wording.destructive ? 'error' : 'primary'} onClick={onConfirm}>
              {wording.confirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
