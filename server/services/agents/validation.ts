import {
  AGENT_ERRORS,
  AGENT_LIMITS,
  DEFAULT_RESUME_AFTER_MINUTES,
  DEFAULT_VOICE_NOTE_HANDLING,
  RESUME_AFTER_LIMITS,
  modelNeedsApiKey,
  VOICE_NOTE_HANDLING,
  type AgentBody,
  type VoiceNoteHandling,
} from '../../../contract';
import { ValidationFailed } from '../../errors';
import { looksMasked } from './api-keys';

type Field = keyof AgentBody;

const RULES: {
  field: Exclude<Field, 'handover_message' | 'voice_notes' | 'resume_after_minutes'>;
  label: string;
  required: string;
  max: number;
}[] = [
  { field: 'name', label: 'Name', required: AGENT_ERRORS.nameRequired, max: AGENT_LIMITS.maxNameLength },
  {
    field: 'description',
    label: 'Description',
    required: AGENT_ERRORS.descriptionRequired,
    max: AGENT_LIMITS.maxDescriptionLength,
  },
  { field: 'model', label: 'Model', required: AGENT_ERRORS.modelRequired, max: AGENT_LIMITS.maxModelLength },
  {
    field: 'system_prompt',
    label: 'System prompt',
    required: AGENT_ERRORS.systemPromptRequired,
    max: AGENT_LIMITS.maxPromptLength,
  },
  {
    field: 'user_prompt',
    label: 'User prompt',
    required: AGENT_ERRORS.userPromptRequired,
    max: AGENT_LIMITS.maxPromptLength,
  },
  { field: 'api_key', label: 'API key', required: AGENT_ERRORS.apiKeyRequired, max: AGENT_LIMITS.maxApiKeyLength },
];

/** What a valid form becomes: trimmed values; `api_key` '' only for a model that needs none. */
export type AgentInput = Required<Omit<AgentBody, 'voice_notes' | 'resume_after_minutes'>> & {
  voice_notes: VoiceNoteHandling;
  resume_after_minutes: number | null;
};

/**
 * Every field non-blank (the API key only for models that need one), within its length, and the
 * model one of the offered ones; the first field at fault is a 422 naming it.
 */
export function validateAgentBody(body: Partial<Record<Field, unknown>>, models: readonly string[]): AgentInput {
  const values = {} as AgentInput;
  for (const rule of RULES) {
    const raw = body[rule.field];
    const value = typeof raw === 'string' ? raw.trim() : '';
    values[rule.field] = value;
    const optionalKey = rule.field === 'api_key' && !modelNeedsApiKey(values.model);
    if (value === '' && !optionalKey) throw new ValidationFailed(rule.required, rule.field);
    if (value.length > rule.max) throw new ValidationFailed(AGENT_ERRORS.tooLong(rule.label, rule.max), rule.field);
    if (rule.field === 'model' && !models.includes(value)) {
      throw new ValidationFailed(AGENT_ERRORS.modelNotOffered, 'model', 'model_not_offered');
    }
  }
  values.handover_message = validateHandoverMessage(body.handover_message);
  values.voice_notes = validateVoiceNotes(body.voice_notes);
  values.resume_after_minutes = validateResumeAfter(body.resume_after_minutes);
  return values;
}

/** Optional: absent means the default; null means only when handed back; else whole minutes within the limits. */
function validateResumeAfter(raw: unknown): number | null {
  if (raw === undefined) return DEFAULT_RESUME_AFTER_MINUTES;
  if (raw === null) return null;
  const { minMinutes, maxMinutes } = RESUME_AFTER_LIMITS;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < minMinutes || raw > maxMinutes) {
    throw new ValidationFailed(AGENT_ERRORS.resumeAfterInvalid, 'resume_after_minutes');
  }
  return raw;
}

/** Optional: absent means asking for text; otherwise one of the choices. */
function validateVoiceNotes(raw: unknown): VoiceNoteHandling {
  if (raw === undefined) return DEFAULT_VOICE_NOTE_HANDLING;
  const choice = VOICE_NOTE_HANDLING.find((value) => value === raw);
  if (!choice) throw new ValidationFailed(AGENT_ERRORS.voiceNotesInvalid, 'voice_notes');
  return choice;
}

/** Optional: absent or blank means the default notice; otherwise one WhatsApp message's worth. */
function validateHandoverMessage(raw: unknown): string {
  const message = typeof raw === 'string' ? raw.trim() : '';
  if (message.length > AGENT_LIMITS.maxHandoverMessageLength) {
    throw new ValidationFailed(
      AGENT_ERRORS.tooLong('Hand-over message', AGENT_LIMITS.maxHandoverMessageLength),
      'handover_message',
    );
  }
  return message;
}

/** A submitted key that is masked but not the agent's own masked form: the real key is needed. */
export function refuseForeignMaskedKey(key: string): void {
  if (looksMasked(key)) throw new ValidationFailed(AGENT_ERRORS.apiKeyMasked, 'api_key');
}

export function validateMemoryText(raw: unknown): string {
  const memory = typeof raw === 'string' ? raw.trim() : '';
  if (memory === '') throw new ValidationFailed(AGENT_ERRORS.memoryRequired, 'memory');
  if (memory.length > AGENT_LIMITS.maxMemoryLength) {
    throw new ValidationFailed(AGENT_ERRORS.tooLong('Memory', AGENT_LIMITS.maxMemoryLength), 'memory');
  }
  return memory;
}
