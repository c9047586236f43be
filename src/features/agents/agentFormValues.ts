/** The agent form's values: the schema they must meet, how an agent fills them, what the form sends. */
import * as Yup from 'yup';
import {
  AGENT_ERRORS,
  AGENT_LIMITS,
  DEFAULT_RESUME_AFTER_MINUTES,
  DEFAULT_VOICE_NOTE_HANDLING,
  modelNeedsApiKey,
  VOICE_NOTE_HANDLING,
  type AgentBody,
  type AgentDetail,
} from '../../../contract/agents';

const tooLong = (label: string, max: number) => AGENT_ERRORS.tooLong(label, max);

export const agentSchema = Yup.object({
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

/**
 * The form's values: every field of the agent, the hand-over message optional (blank = the default),
 * the resume time as its select holds it (minutes as text, '' for never).
 */
export type AgentFormValues = Omit<Required<AgentBody>, 'resume_after_minutes'> & { resume_after_minutes: string };

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

export const valuesOf = (agent: AgentDetail | null): AgentFormValues =>
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
export const hasBlankField = ({
  handover_message: _optional,
  voice_notes: _chosen,
  resume_after_minutes: _picked,
  api_key: apiKey,
  ...required
}: AgentFormValues) =>
  Object.values(required).some((value) => value.trim() === '') ||
  (modelNeedsApiKey(required.model) && apiKey.trim() === '');

/** What the form sends: trimmed text, the resume time as minutes (null for never). */
export const trimmed = (values: AgentFormValues): Required<AgentBody> => ({
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
