import { Type, type Static } from 'typebox';

/*
 * The agents API (all under /api/v1, all need a bearer token; another owner's agent is 404 like an
 * unknown one; an id that is not a positive integer is 422 with field 'id' (or 'memoryId')):
 *   GET    /agents/summary                      → AgentSummary[] (every status, oldest first)
 *   GET    /agents/models                       → ModelList
 *   GET    /agents/{id}                         → AgentDetail
 *   POST   /agents/                             AgentBody → 201 AgentDetail (verified email, else 403)
 *   PUT    /agents/{id}                         AgentBody → AgentDetail (verified email, else 403)
 *                                               | {status:'inactive'} → AgentDetail (restore; 409 unless deleted)
 *   PUT    /agents/{id}/activate                → AgentDetail (the only active one now; 409 when deleted)
 *   DELETE /agents/{id}                         → 204 (soft delete; an active agent leaves no agent active)
 *   DELETE /agents/{id}/permanent               → 204 (with its documents, contexts, memories and graph)
 *   GET    /agents/{id}/memories                → Memory[] (newest first)
 *   POST   /agents/{id}/memories/search?query=  → Memory[] (full-text plus fuzzy, best first; empty = all)
 *   PUT    /agents/{id}/memories/{memoryId}     MemoryUpdateBody → Memory
 *   DELETE /agents/{id}/memories/{memoryId}     → 204
 *   GET    /agents/{id}/graph                   → AgentGraph
 */

/** The model that answers from the agent's own documents only; it needs no API key. */
export const LOCAL_KNOWLEDGE_MODEL = 'local/knowledge-base';

/** `local/…` models answer from the agent's own knowledge and need no provider API key. */
export function modelNeedsApiKey(model: string): boolean {
  return !model.startsWith('local/');
}

/** Limits the server enforces and the SPA mirrors (SPEC.md §9). */
export const AGENT_LIMITS = {
  maxNameLength: 100,
  maxDescriptionLength: 1000,
  maxModelLength: 200,
  maxPromptLength: 20_000,
  /** A WhatsApp text message is at most 4,096 characters; the hand-over notice is one. */
  maxHandoverMessageLength: 1000,
  maxApiKeyLength: 500,
  maxMemoryLength: 4000,
  maxSearchQueryLength: 500,
  /** 25 MB per uploaded file. */
  maxFileSizeBytes: 25 * 1024 * 1024,
  maxFileSizeLabel: '25MB',
  /** Files per upload on the upload page. */
  maxFiles: 10,
  acceptedExtensions: ['pdf', 'txt', 'jpg', 'jpeg', 'png'],
  acceptedMediaTypes: ['application/pdf', 'text/plain', 'image/jpeg', 'image/png'],
  /** SPEC.md §5 Upload files, exactly. */
  fileTypeNotSupported: (filename: string) =>
    `${filename}: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.`,
  fileTooLarge: (filename: string) => `${filename}: File size must be less than 25MB`,
  tooManyFiles: (n: number) => `Maximum ${n} files allowed`,
} as const;

/**
 * What an agent does with a customer's voice note it cannot listen to (its provider transcribes
 * none, or the transcription failed): ask the customer to type it, or hand the conversation over.
 */
export const VOICE_NOTE_HANDLING = ['ask_for_text', 'hand_over'] as const;
export type VoiceNoteHandling = (typeof VOICE_NOTE_HANDLING)[number];
export const DEFAULT_VOICE_NOTE_HANDLING: VoiceNoteHandling = 'ask_for_text';
export const VoiceNotes = Type.Union([Type.Literal('ask_for_text'), Type.Literal('hand_over')], {
  description: "A voice note the agent cannot listen to: 'ask_for_text' (the default) or 'hand_over'",
});

/**
 * Whether the AI answers a conversation again on its own once the owner, who took it over (a reply
 * by hand, 'Take over'), has been silent this many minutes; null: only when handed back. A customer
 * waiting for a person (an open hand-over) is never taken back.
 */
export const RESUME_AFTER_LIMITS = { minMinutes: 5, maxMinutes: 10_080 } as const;
export const DEFAULT_RESUME_AFTER_MINUTES = 30;
export const ResumeAfter = Type.Union(
  [Type.Integer({ minimum: RESUME_AFTER_LIMITS.minMinutes, maximum: RESUME_AFTER_LIMITS.maxMinutes }), Type.Null()],
  { description: 'Minutes of the owner’s silence after which the AI answers again; null: only when handed back' },
);

export const AgentStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('deleted')]);
export type AgentStatus = Static<typeof AgentStatus>;

/** GET /agents/summary: every agent of the owner (all statuses), SPEC.md §3 Agent summary. */
export const AgentSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: AgentStatus,
  memories_count: Type.Integer({ minimum: 0 }),
  contexts_count: Type.Integer({ minimum: 0 }),
});
export type AgentSummary = Static<typeof AgentSummary>;

export const AgentSummaryList = Type.Array(AgentSummary);
export type AgentSummaryList = Static<typeof AgentSummaryList>;

/**
 * GET /agents/{id}, and the answer of POST /agents/ and PUT /agents/{id}. `api_key` is never the real
 * key: it is the masked form (first 3 characters + '…' + last 4, e.g. 'sk-…abcd'; short keys fully
 * masked as '••••') or '' when the agent has none.
 */
export const AgentDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  model: Type.String(),
  system_prompt: Type.String(),
  user_prompt: Type.String(),
  api_key: Type.String(),
  /** What the customer is told when the agent hands the conversation to a person; '' = the default. */
  handover_message: Type.String(),
  voice_notes: VoiceNotes,
  resume_after_minutes: ResumeAfter,
  status: AgentStatus,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AgentDetail = Static<typeof AgentDetail>;

/**
 * POST /agents/ and PUT /agents/{id} (full update). Every field must be non-blank (422 with `field`),
 * except `api_key` for `local/…` models, which need no key. `model` must be one of GET /agents/models.
 * On update, sending back the masked key (as GET returned it) keeps the stored key. Needs a verified
 * email (403 with AGENT_ERRORS.verificationRequired).
 */
export const AgentBody = Type.Object({
  name: Type.String(),
  description: Type.String(),
  model: Type.String(),
  system_prompt: Type.String(),
  user_prompt: Type.String(),
  api_key: Type.String(),
  /** Optional: blank or absent means the default hand-over message. */
  handover_message: Type.Optional(Type.String()),
  /** Optional: absent means 'ask_for_text'. Any other value is a 422 with field 'voice_notes'. */
  voice_notes: Type.Optional(Type.String()),
  /** Optional: absent means 30 minutes; null means only when handed back; else 5 to 10,080 minutes (422 on `resume_after_minutes`). */
  // Checked by the service, not coerced by the schema (0 or false must not read as null).
  resume_after_minutes: Type.Optional(
    Type.Unsafe<number | null>({ description: 'Whole minutes from 5 to 10,080, or null for never' }),
  ),
});
export type AgentBody = Static<typeof AgentBody>;

/** PUT /agents/{id} with exactly this body restores a deleted agent (it becomes inactive). */
export const RestoreBody = Type.Object({ status: Type.Literal('inactive') });
export type RestoreBody = Static<typeof RestoreBody>;

/**
 * PUT /agents/{id}: a full update (AgentBody; a `status` sent beside its fields is ignored), or
 * `{status:'inactive'}` alone to restore a deleted agent. A deleted agent cannot be edited (409)
 * until restored.
 */
export const AgentUpdateBody = Type.Union([AgentBody, RestoreBody]);
export type AgentUpdateBody = Static<typeof AgentUpdateBody>;

/** GET /agents/models: provider-prefixed ids (e.g. 'openai/gpt-4o-mini'); always has 'local/knowledge-base'. */
export const ModelList = Type.Array(Type.String());
export type ModelList = Static<typeof ModelList>;

/** SPEC.md §3 Memory, plus updated_at. */
export const Memory = Type.Object({
  id: Type.Integer(),
  from_phone_number: Type.String(),
  memory: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Memory = Static<typeof Memory>;

export const MemoryList = Type.Array(Memory);
export type MemoryList = Static<typeof MemoryList>;

/** PUT /agents/{id}/memories/{memoryId}: the owner corrects a memory (non-blank). */
export const MemoryUpdateBody = Type.Object({ memory: Type.String() });
export type MemoryUpdateBody = Static<typeof MemoryUpdateBody>;

/** SPEC.md §3 Context, plus the document it came from (null when not from a document). */
export const Context = Type.Object({
  id: Type.Integer(),
  context: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  document_id: Type.Union([Type.Integer(), Type.Null()]),
  document_name: Type.Union([Type.String(), Type.Null()]),
});
export type Context = Static<typeof Context>;

export const ContextList = Type.Array(Context);
export type ContextList = Static<typeof ContextList>;

export const DocumentStatus = Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);
export type DocumentStatus = Static<typeof DocumentStatus>;

/** GET /agents/{id}/documents items: an uploaded file and how far its ingestion got. */
export const DocumentItem = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  /** Decided by the file's bytes: application/pdf, text/plain, image/jpeg or image/png. */
  media_type: Type.String(),
  size_bytes: Type.Integer({ minimum: 0 }),
  status: DocumentStatus,
  /** Why ingestion failed, readable; null unless `status` is 'failed'. */
  error: Type.Union([Type.String(), Type.Null()]),
  pages: Type.Union([Type.Integer(), Type.Null()]),
  chunks: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type DocumentItem = Static<typeof DocumentItem>;

export const DocumentList = Type.Array(DocumentItem);
export type DocumentList = Static<typeof DocumentList>;

/** POST /documents/upload/context?agent_id={id}: the stored document (status 'processing'). */
export const UploadResponse = DocumentItem;
export type UploadResponse = DocumentItem;

export const GraphNode = Type.Object({
  id: Type.String(),
  label: Type.String(),
  /** e.g. product, person, organization, place, topic, customer. */
  type: Type.String(),
});
export type GraphNode = Static<typeof GraphNode>;

export const GraphEdge = Type.Object({
  id: Type.String(),
  /** Node ids. */
  source: Type.String(),
  target: Type.String(),
  label: Type.String(),
});
export type GraphEdge = Static<typeof GraphEdge>;

/** GET /agents/{id}/graph. */
export const AgentGraph = Type.Object({ nodes: Type.Array(GraphNode), edges: Type.Array(GraphEdge) });
export type AgentGraph = Static<typeof AgentGraph>;

/** POST /agents/{id}/memories/search?query= and /contexts/search?query=; an empty query lists everything. */
export const SearchQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: AGENT_LIMITS.maxSearchQueryLength })),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** The `detail` of the agents API's refusals (the SPA shows them as they are). */
export const AGENT_ERRORS = {
  verificationRequired: 'Please verify your email address before creating or editing agents.',
  agentNotFound: 'Agent not found.',
  memoryNotFound: 'Memory not found.',
  documentNotFound: 'Document not found.',
  modelNotOffered: 'Please choose one of the offered models.',
  nameRequired: 'Name is required.',
  descriptionRequired: 'Description is required.',
  modelRequired: 'Model is required.',
  systemPromptRequired: 'System prompt is required.',
  userPromptRequired: 'User prompt is required.',
  apiKeyRequired: 'API key is required.',
  /** A masked key ('sk-…abcd') that is not this agent's own: the real key has to be typed in full. */
  apiKeyMasked: 'Please enter the full API key.',
  /** PUT /agents/{id} with neither the form's fields nor `status: 'inactive'`. */
  restoreOnly: "Send the agent's fields to edit it, or {status: 'inactive'} to restore it.",
  memoryRequired: 'Memory text is required.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  deletedCannotBeActivated: 'A deleted agent cannot be set active. Restore it first.',
  notDeleted: 'Only a deleted agent can be restored.',
  deletedCannotBeEdited: 'A deleted agent cannot be edited. Restore it first.',
  voiceNotesInvalid: "Voice notes must be 'ask_for_text' or 'hand_over'.",
  resumeAfterInvalid: 'The AI resumes after a whole number of minutes from 5 to 10080, or never (null).',
} as const;

/** SPEC.md §8 and §5: texts the SPA shows for agents. */
export const AGENT_MESSAGES = {
  verificationToastTitle: 'Email verification required',
  verificationToast: (action: string) => `Please verify your email address to ${action}.`,
  fetchModelsFailed: 'Failed to fetch models.',
  fetchAgentFailed: 'Failed to fetch agent details.',
  saveFailed: (action: 'create' | 'edit') => `Failed to ${action} agent. Please check your input and try again.`,
  pageNotFound: 'Page Not Found - The requested agent page could not be found.',
  loadMemoriesFailed: 'Failed to load memories.',
  searchMemoriesFailed: 'Failed to search memories.',
  loadContextsFailed: 'Failed to load contexts.',
  searchContextsFailed: 'Failed to search contexts.',
  uploadErrors: 'Upload Errors',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedDefault: 'Failed to upload documents',
  uploadFailedItem: 'Upload failed',
  uploaded: (n: number) => `${n} document(s) uploaded successfully`,
  firstAgentActive: 'Your agent is active',
  firstAgentActiveDescription: 'It answers your customers on WhatsApp from now on.',
  agentCreatedInactive: 'Agent created',
  agentCreatedInactiveDescription:
    'Your other agent still answers your customers. To switch, use Set Active on the Inactive tab.',
  localModelNeedsNoKey: 'No API key needed: this model runs on this server and answers from your documents.',
} as const;
