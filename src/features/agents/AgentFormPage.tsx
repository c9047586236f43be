import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import * as Yup from 'yup';
import {
  AGENT_ERRORS,
  AGENT_LIMITS,
  AGENT_MESSAGES,
  DEFAULT_RESUME_AFTER_MINUTES,
  DEFAULT_VOICE_NOTE_HANDLING,
  modelNeedsApiKey,
  VOICE_NOTE_HANDLING,
  type AgentBody,
  type AgentDetail,
  type VoiceNoteHandling,
} from '../../../contract/agents';
import { fieldProps } from '../../components/formField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AgentNotFound from './AgentNotFound';
import AgentNotices from './AgentNotices';
import { parseAgentId } from './agentRoute';
import { agentFormClosed, agentFormOpened, agentFormSubmitted, selectAgentForm } from './formSlice';
import PageTitle from '../../components/PageTitle';

const tooLong = (label: string, max: number) => AGENT_ERRORS.tooLong(label, max);

const agentSchema = Yup.object({
  name: Yup.string()
    .trim()
    .required(AGENT_ERRORS.nameRequired)
    .max(AGENT_LIMITS.maxNameLength, tooLong('Name', AGENT_LIMITS.maxNameLength)),
  model: Yup.string().trim().required(AGENT_ERRORS.modelRequired),
  description: Yup.string()
    .trim()
    .required(AGENT_ERRORS.descriptionRequired)
    .max(AGENT_LIMITS.maxDescriptionLength, tooLong('Description', AGENT_LIMITS.maxDescriptionLength)),
  system_prompt: Yup.string()
    .trim()
    .required(AGENT_ERRORS.systemPromptRequired)
    .max(AGENT_LIMITS.maxPromptLength, tooLong('System prompt', AGENT_LIMITS.maxPromptLength)),
  user_prompt: Yup.string()
    .trim()
    .required(AGENT_ERRORS.userPromptRequired)
    .max(AGENT_LIMITS.maxPromptLength, tooLong('User prompt', AGENT_LIMITS.maxPromptLength)),
  // `local/…` models run here and need no key (the server agrees: services/agents/validation.ts).
  api_key: Yup.string()
    .trim()
    .max(AGENT_LIMITS.maxApiKeyLength, tooLong('API key', AGENT_LIMITS.maxApiKeyLength))
    .when('model', ([model], schema) =>
      modelNeedsApiKey(String(model ?? '')) ? schema.required(AGENT_ERRORS.apiKeyRequired) : schema,
    ),
  handover_message: Yup.string()
    .trim()
    .max(AGENT_LIMITS.maxHandoverMessageLength, tooLong('Hand-over message', AGENT_LIMITS.maxHandoverMessageLength)),
  voice_notes: Yup.string().oneOf(VOICE_NOTE_HANDLING, AGENT_ERRORS.voiceNotesInvalid),
});

/** The voice-note choices as the owner reads them. */
export const VOICE_NOTE_LABELS: Record<VoiceNoteHandling, string> = {
  ask_for_text: 'Ask the customer to type it',
  hand_over: 'Hand the conversation over to me',
};
export const VOICE_NOTES_LABEL = 'When the agent cannot listen to a voice note';
export const VOICE_NOTES_HELP =
  'OpenAI agents have voice notes transcribed and answer them; other models cannot listen to them.';

/** When the AI answers again after the owner took over, as the owner picks it: minutes, or '' for never. */
export const RESUME_AFTER_CHOICES: Array<{ value: string; label: string }> = [
  { value: '15', label: 'After 15 minutes without a reply from you' },
  { value: '30', label: 'After 30 minutes without a reply from you' },
  { value: '60', label: 'After 1 hour without a reply from you' },
  { value: '240', label: 'After 4 hours without a reply from you' },
  { value: '1440', label: 'After a day without a reply from you' },
  { value: '', label: 'Never: only when I hand it back' },
];
export const RESUME_AFTER_LABEL = 'When you take over, the AI answers again';
export const RESUME_AFTER_HELP =
  'After you reply by hand or take over, the AI stays silent; it never takes back a customer who asked for a person.';

/**
 * The form's values: every field of the agent, the hand-over message optional (blank = the default),
 * the resume time as its select holds it (minutes as text, '' for never).
 */
type AgentFormValues = Omit<Required<AgentBody>, 'resume_after_minutes'> & { resume_after_minutes: string };

const resumeAfterText = (minutes: number | null) => (minutes === null ? '' : String(minutes));

const EMPTY_AGENT: AgentFormValues = {
  name: '',
  model: '',
  description: '',
  system_prompt: '',
  user_prompt: '',
  api_key: '',
  handover_message: '',
  voice_notes: DEFAULT_VOICE_NOTE_HANDLING,
  resume_after_minutes: resumeAfterText(DEFAULT_RESUME_AFTER_MINUTES),
};

const valuesOf = (agent: AgentDetail | null): AgentFormValues =>
  agent
    ? {
        name: agent.name,
        model: agent.model,
        description: agent.description,
        system_prompt: agent.system_prompt,
        user_prompt: agent.user_prompt,
        // The masked key: sent back unchanged, the server keeps the stored one.
        api_key: agent.api_key,
        handover_message: agent.handover_message,
        voice_notes: agent.voice_notes ?? DEFAULT_VOICE_NOTE_HANDLING,
        resume_after_minutes: resumeAfterText(agent.resume_after_minutes ?? DEFAULT_RESUME_AFTER_MINUTES),
      }
    : EMPTY_AGENT;

/**
 * SPEC.md §5 Agent form: submit stays disabled until every field of SPEC's form has more than
 * blanks; the API key only for a model that needs one (a `local/…` model runs here without).
 */
const hasBlankField = ({
  handover_message: _optional,
  voice_notes: _chosen,
  resume_after_minutes: _picked,
  api_key: apiKey,
  ...required
}: AgentFormValues) =>
  Object.values(required).some((value) => value.trim() === '') ||
  (modelNeedsApiKey(required.model) && apiKey.trim() === '');

/** What the form sends: trimmed text, the resume time as minutes (null for never). */
const trimmed = (values: AgentFormValues): Required<AgentBody> => ({
  name: values.name.trim(),
  model: values.model.trim(),
  description: values.description.trim(),
  system_prompt: values.system_prompt.trim(),
  user_prompt: values.user_prompt.trim(),
  api_key: values.api_key.trim(),
  handover_message: values.handover_message.trim(),
  voice_notes: values.voice_notes,
  resume_after_minutes: values.resume_after_minutes === '' ? null : Number(values.resume_after_minutes),
});

const SUBMIT_LABELS = {
  create: { idle: 'Create Agent', busy: 'Creating...' },
  edit: { idle: 'Update Agent', busy: 'Updating...' },
} as const;

interface AgentFormProps {
  agentId: number | null;
}

function AgentForm({ agentId }: AgentFormProps) {
  const dispatch = useAppDispatch();
  const { models, agent, save } = useAppSelector(selectAgentForm);
  const editing = agentId !== null;
  const saving = save.status === 'saving';

  useEffect(() => {
    dispatch(agentFormOpened({ agentId }));
    return () => {
      dispatch(agentFormClosed());
    };
  }, [dispatch, agentId]);

  if (agent.status === 'not_found') return <AgentNotFound />;

  const agentLoading = editing && agent.status !== 'loaded';
  // The agent's own model stays choosable even when the server no longer offers it.
  const modelOptions =
    agent.data && !models.list.includes(agent.data.model) ? [agent.data.model, ...models.list] : models.list;

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <Box>
          <PageTitle title={editing ? 'Edit Agent' : 'Create New Agent'} />
          <Typography variant="h4" component="h1" gutterBottom>
            {editing ? 'Edit Agent' : 'Create New Agent'}
          </Typography>
          <Typography color="text.secondary">
            {editing
              ? 'Update your AI agent configuration.'
              : 'Set up a new AI agent with your preferred configuration.'}
          </Typography>
        </Box>
        <AgentNotices variant="banner" />
        {models.status === 'failed' && <Alert severity="error">{models.error}</Alert>}
        {agent.status === 'failed' && <Alert severity="error">{agent.error}</Alert>}
        {editing && agent.status === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading agent" />
          </Box>
        ) : (
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
                      <TextField {...fieldProps(form, 'name')} label="Name" required fullWidth />
                      <TextField
                        {...fieldProps(form, 'model')}
                        select
                        label="Model"
                        required
                        fullWidth
                        disabled={models.status === 'loading'}
                        helperText={
                          fieldProps(form, 'model').helperText ??
                          (models.status === 'loading' ? 'Loading models...' : undefined)
                        }
                      >
                        {modelOptions.map((model) => (
                          <MenuItem key={model} value={model}>
                            {model}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        {...fieldProps(form, 'description')}
                        label="Description"
                        required
                        fullWidth
                        multiline
                        minRows={2}
                      />
                      <TextField
                        {...fieldProps(form, 'system_prompt')}
                        label="System Prompt"
                        required
                        fullWidth
                        multiline
                        minRows={4}
                      />
                      <TextField
                        {...fieldProps(form, 'user_prompt')}
                        label="User Prompt"
                        required
                        fullWidth
                        multiline
                        minRows={3}
                      />
                      <TextField
                        {...fieldProps(form, 'api_key')}
                        label="API Key"
                        type="password"
                        autoComplete="off"
                        required={modelNeedsApiKey(form.values.model)}
                        fullWidth
                        helperText={
                          fieldProps(form, 'api_key').helperText ??
                          (!modelNeedsApiKey(form.values.model) && form.values.model
                            ? AGENT_MESSAGES.localModelNeedsNoKey
                            : editing
                              ? 'Leave the masked key as it is to keep the stored one.'
                              : undefined)
                        }
                      />
                      <TextField
                        {...fieldProps(form, 'handover_message')}
                        label="Hand-over message (optional)"
                        fullWidth
                        multiline
                        minRows={2}
                        helperText={
                          fieldProps(form, 'handover_message').helperText ??
                          'What the customer is told when the agent hands the conversation to you. Leave blank for the default.'
                        }
                      />
                      <TextField
                        {...fieldProps(form, 'voice_notes')}
                        select
                        label={VOICE_NOTES_LABEL}
                        fullWidth
                        helperText={fieldProps(form, 'voice_notes').helperText ?? VOICE_NOTES_HELP}
                      >
                        {VOICE_NOTE_HANDLING.map((choice) => (
                          <MenuItem key={choice} value={choice}>
                            {VOICE_NOTE_LABELS[choice]}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        {...fieldProps(form, 'resume_after_minutes')}
                        select
                        label={RESUME_AFTER_LABEL}
                        fullWidth
                        helperText={fieldProps(form, 'resume_after_minutes').helperText ?? RESUME_AFTER_HELP}
                        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                      >
                        {RESUME_AFTER_CHOICES.map((choice) => (
                          <MenuItem key={choice.value} value={choice.value}>
                            {choice.label}
                          </MenuItem>
                        ))}
                      </TextField>
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
