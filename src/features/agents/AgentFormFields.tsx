import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';
import {
  AGENT_MESSAGES,
  modelNeedsApiKey,
  VOICE_NOTE_HANDLING,
  type VoiceNoteHandling,
} from '../../../contract/agents';
import { fieldProps } from '../../components/formField';
import type { AgentFormValues } from './agentFormValues';

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

export interface AgentFormFieldsProps {
  form: FormikProps<AgentFormValues>;
  /** The models offered, the agent's own first when the server no longer lists it. */
  modelOptions: string[];
  modelsLoading: boolean;
  editing: boolean;
}

export type AgentIdentityFieldsProps = Omit<AgentFormFieldsProps, 'editing'>;

/** What the agent is and how it is told to answer: name, model, description and its two prompts. */
export function AgentIdentityFields({ form, modelOptions, modelsLoading }: AgentIdentityFieldsProps) {
  return (
    <>
      <TextField {...fieldProps(form, 'name')} label="Name" required fullWidth />
      <TextField
        {...fieldProps(form, 'model')}
        select
        label="Model"
        required
        fullWidth
        disabled={modelsLoading}
        helperText={fieldProps(form, 'model').helperText ?? (modelsLoading ? 'Loading models...' : undefined)}
      >
        {modelOptions.map((model) => (
          <MenuItem key={model} value={model}>
            {model}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...fieldProps(form, 'description')} label="Description" required fullWidth multiline minRows={2} />
      <TextField
        {...fieldProps(form, 'system_prompt')}
        label="System Prompt"
        required
        fullWidth
        multiline
        minRows={4}
      />
      <TextField {...fieldProps(form, 'user_prompt')} label="User Prompt" required fullWidth multiline minRows={3} />
    </>
  );
}

export interface ApiKeyFieldProps {
  form: FormikProps<AgentFormValues>;
  editing: boolean;
}

/** The model's API key: required only for a model that needs one. */
export function ApiKeyField({ form, editing }: ApiKeyFieldProps) {
  const needsKey = modelNeedsApiKey(form.values.model);
  const hint =
    !needsKey && form.values.model
      ? AGENT_MESSAGES.localModelNeedsNoKey
      : editing
        ? 'Leave the masked key as it is to keep the stored one.'
        : undefined;
  return (
    <TextField
      {...fieldProps(form, 'api_key')}
      label="API Key"
      type="password"
      autoComplete="off"
      required={needsKey}
      fullWidth
      helperText={fieldProps(form, 'api_key').helperText ?? hint}
    />
  );
}

export interface HandoverFieldsProps {
  form: FormikProps<AgentFormValues>;
}

/** How the agent hands a conversation to the owner, and when it answers again. */
export function HandoverFields({ form }: HandoverFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** Every field of the agent form, in SPEC.md §5's order. */
export default function AgentFormFields({ form, modelOptions, modelsLoading, editing }: AgentFormFieldsProps) {
  return (
    <>
      <AgentIdentityFields form={form} modelOptions={modelOptions} modelsLoading={modelsLoading} />
      <ApiKeyField form={form} editing={editing} />
      <HandoverFields form={form} />
    </>
  );
}
