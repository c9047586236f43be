import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Template, TemplateStatus } from '../../../contract';
import { templateRejection } from '../../../contract/template-review';
import { templateLanguageName } from '../../../contract/template-languages';
import { formatDate } from '../../components/dates';
import PageTitle from '../../components/PageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  selectDeletingTemplateId,
  selectTemplateCreate,
  selectTemplates,
  selectTemplatesError,
  selectTemplatesStatus,
} from './selectors';
import { templateDeleteConfirmed, templatesRequested } from './slice';
import TemplateForm from './TemplateForm';

export const TEMPLATES_PAGE_TITLE = 'Templates';

const STATUS_CHIP: Record<TemplateStatus, { label: string; color: ChipProps['color'] }> = {
  PENDING: { label: 'In review', color: 'default' },
  APPROVED: { label: 'Approved', color: 'success' },
  REJECTED: { label: 'Rejected', color: 'error' },
  PAUSED: { label: 'Paused', color: 'warning' },
  DISABLED: { label: 'Disabled', color: 'warning' },
};

export const TEMPLATE_NOTICES = {
  recategorised: (from: string, to: string, at: string) =>
    `Meta changed this template's category from ${from} to ${to} on ${formatDate(at)}.`,
} as const;

/** Why Meta rejected the template and what to change, in plain words; Meta's code for looking it up. */
function RejectionNotice({ reason }: { reason: string | null }) {
  const rejection = templateRejection(reason);
  return (
    <Alert severity="error" variant="outlined" sx={{ mt: 1 }}>
      <AlertTitle>Rejected by WhatsApp: {rejection.problem}</AlertTitle>
      What to change: {rejection.change}
      {reason && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
          Meta&apos;s reason code: {reason}
        </Typography>
      )}
    </Alert>
  );
}

export interface TemplateCardProps {
  template: Template;
  onDelete: (template: Template) => void;
}

export function TemplateCard({ template, onDelete }: TemplateCardProps) {
  const chip = STATUS_CHIP[template.status];
  return (
    <Card variant="outlined" component="li" aria-label={template.name}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {template.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {templateLanguageName(template.language)} · {template.category.toLowerCase()}
          </Typography>
          <Chip size="small" color={chip.color} label={chip.label} />
          <Box sx={{ flex: 1 }} />
          <IconButton aria-label={`Delete ${template.name}`} onClick={() => onDelete(template)}>
            <DeleteIcon />
          </IconButton>
        </Box>
        {template.header && (
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
            {template.header}
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
          {template.body}
        </Typography>
        {template.footer && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {template.footer}
          </Typography>
        )}
        {template.buttons.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {template.buttons.map((button) => (
              <Chip key={button} size="small" variant="outlined" label={button} />
            ))}
          </Stack>
        )}
        {template.category_change && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            {TEMPLATE_NOTICES.recategorised(
              template.category_change.from,
              template.category,
              template.category_change.at,
            )}
          </Typography>
        )}
        {template.status === 'REJECTED' && <RejectionNotice reason={template.rejected_reason} />}
      </CardContent>
    </Card>
  );
}

/** 'New template', or the form while one is being written; it closes once the template is created. */
function NewTemplate() {
  const created = useAppSelector(selectTemplateCreate).created;
  // The form shows until a template is created after it was opened.
  const [openedAtCreated, setOpenedAtCreated] = useState<number | null>(null);
  const creating = openedAtCreated !== null && openedAtCreated === created;
  return creating ? (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          New template
        </Typography>
        <TemplateForm onCancel={() => setOpenedAtCreated(null)} />
      </CardContent>
    </Card>
  ) : (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpenedAtCreated(created)} sx={{ mb: 3 }}>
      New template
    </Button>
  );
}

/** The list's state when it has nothing to show yet: loading, failed with a retry, or empty. */
function TemplatesStatus() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectTemplatesStatus);
  const error = useAppSelector(selectTemplatesError);
  const templates = useAppSelector(selectTemplates);
  return (
    <>
      {status === 'loading' && templates.length === 0 && <CircularProgress aria-label="Loading templates" />}
      {status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => dispatch(templatesRequested())}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {status === 'loaded' && templates.length === 0 && (
        <Typography color="text.secondary">No templates yet.</Typography>
      )}
    </>
  );
}

export interface DeleteTemplateDialogProps {
  /** The template to delete; the dialog is open while there is one. */
  template: Template | null;
  onClose: () => void;
}

function DeleteTemplateDialog({ template, onClose }: DeleteTemplateDialogProps) {
  const dispatch = useAppDispatch();
  const deletingId = useAppSelector(selectDeletingTemplateId);
  return (
    <Dialog open={template !== null} onClose={onClose} aria-labelledby="delete-template-title">
      <DialogTitle id="delete-template-title">Delete {template?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          It is deleted on WhatsApp too, and its name cannot be used again for 30 days.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={deletingId !== null}
          onClick={() => {
            if (template) dispatch(templateDeleteConfirmed(template.id));
            onClose();
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /templates: the WhatsApp templates that can reach a customer outside the 24-hour window. */
export default function TemplatesPage() {
  const dispatch = useAppDispatch();
  const templates = useAppSelector(selectTemplates);
  const [toDelete, setToDelete] = useState<Template | null>(null);

  useEffect(() => {
    dispatch(templatesRequested());
  }, [dispatch]);

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}>
      <PageTitle title={TEMPLATES_PAGE_TITLE} />
      <Typography variant="h4" component="h1" gutterBottom>
        {TEMPLATES_PAGE_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        More than 24 hours after a customer’s last message, WhatsApp delivers only templates it has approved. Write them
        here; WhatsApp reviews each one, usually within minutes.
      </Typography>
      <NewTemplate />
      <TemplatesStatus />
      <Stack component="ul" spacing={2} aria-label="Templates" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {templates.map((template) => (
          <TemplateCard key={template.id} template={template} onDelete={setToDelete} />
        ))}
      </Stack>
      <DeleteTemplateDialog template={toDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
