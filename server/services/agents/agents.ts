import {
  AGENT_ERRORS,
  type AgentBody,
  type AgentDetail,
  type AgentStatus,
  type AgentSummary,
  type VoiceNoteHandling,
} from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors';
import { maskApiKey, sealAgentApiKey } from './api-keys';
import type { AgentDeps } from './deps';
import { refuseForeignMaskedKey, validateAgentBody, type AgentInput } from './validation';

/** One row of `agents`; `api_key` sealed with `agentApiKeyAad(user_id, id)`. */
export type AgentRow = {
  id: number;
  user_id: number;
  name: string;
  description: string;
  model: string;
  system_prompt: string;
  user_prompt: string;
  handover_message: string | null;
  voice_notes: VoiceNoteHandling;
  resume_after_minutes: number | null;
  api_key: string | null;
  api_key_hint: string | null;
  status: AgentStatus;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export function agentNotFound(): NotFound {
  return new NotFound(AGENT_ERRORS.agentNotFound, 'agent_not_found');
}

/** The owner's agent (any status), else the same 404 as an unknown id. */
export async function requireAgent(db: Executor, userId: number, agentId: number, lock = false): Promise<AgentRow> {
  const agent = await db.maybeOne<AgentRow>(
    `select * from agents where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [agentId, userId],
  );
  if (!agent) throw agentNotFound();
  return agent;
}

/** The owner's active agent, if any (the one that answers customers). */
export function findActiveAgent(db: Executor, userId: number): Promise<AgentRow | undefined> {
  return db.maybeOne<AgentRow>("select * from agents where user_id = $1 and status = 'active'", [userId]);
}

export function toAgentDetail(row: AgentRow): AgentDetail {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    model: row.model,
    system_prompt: row.system_prompt,
    user_prompt: row.user_prompt,
    api_key: row.api_key === null ? '' : (row.api_key_hint ?? ''),
    handover_message: row.handover_message ?? '',
    voice_notes: row.voice_notes,
    resume_after_minutes: row.resume_after_minutes,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Creating and editing agents needs a verified email (SPEC.md §6), whatever the SPA did. */
export async function requireVerifiedEmail(db: Executor, userId: number): Promise<void> {
  const user = await db.maybeOne<{ is_verified: boolean }>('select is_verified from users where id = $1', [userId]);
  if (!user?.is_verified) throw new Forbidden(AGENT_ERRORS.verificationRequired, 'email_not_verified');
}

/** Every agent of the owner with its knowledge counts, oldest first, in one query. */
export async function listAgentSummaries(db: Executor, userId: number): Promise<AgentSummary[]> {
  const rows = await db.query<AgentSummary>(
    `select a.id, a.name, a.status,
            (select count(*) from memories m where m.agent_id = a.id)::int as memories_count,
            (select count(*) from contexts c where c.agent_id = a.id)::int as contexts_count
       from agents a
      where a.user_id = $1
      order by a.created_at, a.id`,
    [userId],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function getAgent(db: Executor, userId: number, agentId: number): Promise<AgentDetail> {
  return toAgentDetail(await requireAgent(db, userId, agentId));
}

/** Stores the key sealed and bound to this row; '' (a model that needs no key) stores none. */
async function storeApiKey(deps: AgentDeps, tx: Executor, userId: number, agentId: number, key: string) {
  const sealed = key === '' ? null : sealAgentApiKey(deps.secrets, userId, agentId, key);
  const hint = key === '' ? null : maskApiKey(key);
  return tx.one<AgentRow>(
    'update agents set api_key = $3, api_key_hint = $4 where id = $1 and user_id = $2 returning *',
    [agentId, userId, sealed, hint],
  );
}

/** The columns a person edits, in the order the insert and the update list them; '' hand-over is none. */
function editedColumns(input: AgentInput): unknown[] {
  return [
    input.name,
    input.description,
    input.model,
    input.system_prompt,
    input.user_prompt,
    input.handover_message || null,
    input.voice_notes,
    input.resume_after_minutes,
  ];
}

/**
 * A new agent; its key sealed with the new row's id (insert, then seal, in one transaction). An
 * owner's first agent is active at once, so that a new owner's customers are answered; later ones
 * start inactive, as activating one deactivates another. The owner's row is locked as activating
 * locks it, so that two first agents at once take turns.
 */
export async function createAgent(deps: AgentDeps, userId: number, body: Partial<AgentBody>): Promise<AgentDetail> {
  await requireVerifiedEmail(deps.db, userId);
  const input = validateAgentBody(body, deps.config.agentModels);
  refuseForeignMaskedKey(input.api_key);
  const row = await deps.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const inserted = await tx.one<AgentRow>(
      `insert into agents
         (user_id, name, description, model, system_prompt, user_prompt, handover_message, voice_notes,
          resume_after_minutes, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
               case when exists (select 1 from agents where user_id = $1) then 'inactive' else 'active' end)
       returning *`,
      [userId, ...editedColumns(input)],
    );
    return storeApiKey(deps, tx, userId, Number(inserted.id), input.api_key);
  });
  return toAgentDetail(row);
}

/**
 * A full update. Sending back the masked key GET answered keeps the stored key; a new key replaces
 * it; '' removes it (allowed only for models that need none). A deleted agent must be restored first (409).
 */
export async function updateAgent(
  deps: AgentDeps,
  userId: number,
  agentId: number,
  body: Partial<AgentBody>,
): Promise<AgentDetail> {
  await requireVerifiedEmail(deps.db, userId);
  const input = validateAgentBody(body, deps.config.agentModels);
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireAgent(tx, userId, agentId, true);
    if (current.status === 'deleted')
      throw new Conflict(AGENT_ERRORS.deletedCannotBeEdited, undefined, 'agent_deleted');
    const keepsKey = current.api_key !== null && input.api_key === current.api_key_hint;
    if (!keepsKey) refuseForeignMaskedKey(input.api_key);
    const updated = await tx.one<AgentRow>(
      `update agents set name = $3, description = $4, model = $5, system_prompt = $6, user_prompt = $7,
              handover_message = $8, voice_notes = $9, resume_after_minutes = $10, updated_at = now()
        where id = $1 and user_id = $2 returning *`,
      [agentId, userId, ...editedColumns(input)],
    );
    return keepsKey ? updated : storeApiKey(deps, tx, userId, agentId, input.api_key);
  });
  return toAgentDetail(row);
}

/** PUT /agents/{id} `{status:'inactive'}`: a deleted agent comes back, inactive. */
export async function restoreAgent(db: Executor, userId: number, agentId: number): Promise<AgentDetail> {
  await requireAgent(db, userId, agentId);
  const row = await db.maybeOne<AgentRow>(
    `update agents set status = 'inactive', deleted_at = null, updated_at = now()
      where id = $1 and user_id = $2 and status = 'deleted' returning *`,
    [agentId, userId],
  );
  if (!row) throw new Conflict(AGENT_ERRORS.notDeleted, 'status', 'agent_not_deleted');
  return toAgentDetail(row);
}

const FORM_FIELDS = [
  'name',
  'description',
  'model',
  'system_prompt',
  'user_prompt',
  'api_key',
  'handover_message',
  'voice_notes',
  'resume_after_minutes',
] as const;

/**
 * PUT /agents/{id}: with any form field it is a full update (a `status` beside them is ignored);
 * otherwise it must be exactly the restore body `{status:'inactive'}`.
 */
export async function changeAgent(
  deps: AgentDeps,
  userId: number,
  agentId: number,
  body: Partial<AgentBody> & { status?: unknown },
): Promise<AgentDetail> {
  if (FORM_FIELDS.some((field) => body[field] !== undefined)) return updateAgent(deps, userId, agentId, body);
  if (body.status !== 'inactive') throw new ValidationFailed(AGENT_ERRORS.restoreOnly, 'status');
  return restoreAgent(deps.db, userId, agentId);
}

/**
 * The owner's only active agent from now on: in one transaction the previous one becomes inactive.
 * The owner's row is locked first, so that two activations at once take turns.
 */
export async function activateAgent(db: AgentDeps['db'], userId: number, agentId: number): Promise<AgentDetail> {
  const row = await db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const agent = await requireAgent(tx, userId, agentId, true);
    if (agent.status === 'deleted') {
      throw new Conflict(AGENT_ERRORS.deletedCannotBeActivated, undefined, 'agent_deleted');
    }
    if (agent.status === 'active') return agent;
    await tx.query(
      `update agents set status = 'inactive', updated_at = now()
        where user_id = $1 and status = 'active' and id <> $2`,
      [userId, agentId],
    );
    return tx.one<AgentRow>(
      `update agents set status = 'active', updated_at = now() where id = $1 and user_id = $2 returning *`,
      [agentId, userId],
    );
  });
  return toAgentDetail(row);
}

/** Soft delete: kept with its knowledge, restorable; an active agent leaves no agent active. */
export async function softDeleteAgent(db: Executor, userId: number, agentId: number): Promise<void> {
  const agent = await requireAgent(db, userId, agentId);
  if (agent.status === 'deleted') return;
  await db.query(
    `update agents set status = 'deleted', deleted_at = now(), updated_at = now()
      where id = $1 and user_id = $2`,
    [agentId, userId],
  );
}

/** For good: documents, contexts, memories and graph go with it (foreign keys cascade). */
export async function deleteAgentPermanently(db: Executor, userId: number, agentId: number): Promise<void> {
  const deleted = await db.query('delete from agents where id = $1 and user_id = $2 returning id', [agentId, userId]);
  if (deleted.length === 0) throw agentNotFound();
}
