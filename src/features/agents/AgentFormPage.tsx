import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AgentFormFields from './AgentFormFields';
import AgentNotFound from './AgentNotFound';
import AgentNotices from './AgentNotices';
import { parseAgentId } from './agentRoute';
import { agentSchema, hasBlankField, trimmed, valuesOf } from './agentFormValues';
import { agentFormClosed, agentFormOpened, agentFormSubmitted, selectAgentForm } from './formSlice';
import PageTitle from '../../components/PageTitle';

export {
  RESUME_AFTER_CHOICES,
  RESUME_AFTER_HELP,
  RESUME_AFTER_LABEL,
  VOICE_NOTE_LABELS,
  VOICE_NOTES_HELP,
  VOICE_NOTES_LABEL,
} from './AgentFormFields';

const SUBMIT_LABELS = {
  create: { idle: 'Create Agent', busy: 'Creating...' },
  edit: { idle: 'Update Agent', busy: 'Updating...' },
} as const;

export interface AgentFormHeaderProps {
  editing: boolean;
}

function AgentFormHeader({ editing }: AgentFormHeaderProps) {
  return (
    <Box>
      <PageTitle title={editing ? 'Edit Agent' : 'Create New Agent'} />
      <Typography variant="h4" component="h1" gutterBottom>
        {editing ? 'Edit Agent' : 'Create New Agent'}
      </Typography>
      <Typography color="text.secondary">
        {editing ? 'Update your AI agent configuration.' : 'Set up a new AI agent with your preferred configuration.'}
      </Typography>
    </Box>
  );
}

export interface AgentFormCardProps {
  agentId: number | null;
}

/** The form itself, filled from the agent being edited, with Cancel and the submit button. */
function AgentFormCard({ agentId }: AgentFormCardProps) {
  const dispatch = useAppDispatch();
  const { models, agent, save } = useAppSelector(selectAgentForm);
  const editing = agentId !== null;
  const saving = save.status === 'saving';
  const agentLoading = editing && agent.status !== 'loaded';
  // The agent's own model stays choosable even when the server no longer offers it.
  const modelOptions =
    agent.data && !models.list.includes(agent.data.model) ? [agent.data.model, ...models.list] : models.list;

  return (
    <Card variant="outlined">
      <CardContent>
        <Formik
          initialValues={valuesOf(agent.data)}
          enableReinitialize
          validationSchema={agentSchema}
          onSubmit={(values) => {
            dispatch(agentFormSubmitted({ agentId, values: trimmed(values) }));
          }}
        >
          {(form) => (
            <Form noValidate>
              <Stack spacing={2.5}>
                <AgentFormFields
                  form={form}
                  modelOptions={modelOptions}
                  modelsLoading={models.status === 'loading'}
                  editing={editing}
                />
                <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                  <Button component={Link} to="/agents" disabled={saving}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={hasBlankField(form.values) || saving || agentLoading}
                  >
                    {SUBMIT_LABELS[editing ? 'edit' : 'create'][saving ? 'busy' : 'idle']}
                  </Button>
                </Stack>
              </Stack>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

interface AgentFormProps {
  agentId: number | null;
}

function AgentForm({ agentId }: AgentFormProps) {
  const dispatch = useAppDispatch();
  const { models, agent } = useAppSelector(selectAgentForm);
  const editing = agentId !== null;

  useEffect(() => {
    dispatch(agentFormOpened({ agentId }));
    return () => {
      dispatch(agentFormClosed());
    };
  }, [dispatch, agentId]);

  if (agent.status === 'not_found') return <AgentNotFound />;

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <AgentFormHeader editing={editing} />
        <AgentNotices variant="banner" />
        {models.status === 'failed' && <Alert severity="error">{models.error}</Alert>}
        {agent.status === 'failed' && <Alert severity="error">{agent.error}</Alert>}
        {editing && agent.status === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading agent" />
          </Box>
        ) : (
          <AgentFormCard agentId={agentId} />
        )}
      </Stack>
    </Box>
  );
}

/** /agents/new and /agents/{id}/edit. */
export default function AgentFormPage() {
  const { agentId: param } = useParams();
  const agentId = parseAgentId(param);
  if (param !== undefined && agentId === null) return <AgentNotFound />;
  return <AgentForm key={agentId ?? 'new'} agentId={agentId} />;
}
