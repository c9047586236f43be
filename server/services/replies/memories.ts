import type { FastifyBaseLogger } from 'fastify';
import { AGENT_LIMITS, LOCAL_KNOWLEDGE_MODEL } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import type { Secrets } from '../../secrets';
import { callSignal } from '../../shutdown';
import { findActiveAgent, type AgentRow } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { upsertGraph, type GraphEdgeInput, type GraphNodeInput } from '../agents/graph';
import { addMemory, normaliseMemory } from '../agents/memories';
import { customerPhone } from './context';
import {
  extractEntitiesOffline,
  extractFactsOffline,
  MEMORY_KINDS,
  type Entity,
  type Fact,
  type MemoryKind,
} from './memory-patterns';
import { onFirstUse } from '../../first-use';
import { loadAi, loadZod } from '../ai/sdk';
import type { LanguageModelResolver } from './models';

/**
 * After each customer message: durable facts about the customer (memories, keyed by phone number)
 * and the entities they mention (the agent's graph). A real model extracts both by structured
 * output; the offline model (and a failing provider) by patterns (memory-patterns.ts). The same fact
 * is stored once; a changed fact of a single-valued kind (a new email, a new area) replaces the old
 * one, and in the graph the customer's link to their old place goes with it.
 */

export const EXTRACT_MEMORIES_JOB = 'extract-memories';

export interface MemoryDeps {
  db: Db;
  secrets: Pick<Secrets, 'decrypt'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  languageModel: LanguageModelResolver;
  /** The job's signal: a shutdown abandons the model call (the patterns still run). */
  signal?: AbortSignal;
}

/** A customer has one of each of these: a new value replaces the old one. The others accumulate. */
export const SINGLE_VALUED_KINDS: ReadonlySet<string> = new Set(['name', 'email', 'phone', 'address', 'language']);

export interface Extraction {
  facts: Fact[];
  entities: Entity[];
}

/** What the model is asked for: built on first use, when zod loads with the AI SDK (./ai-sdk.ts). */
const extractionSchema = onFirstUse(async () => {
  const { z } = await loadZod();
  return z.object({
    facts: z
      .array(
        z.object({
          kind: z.enum(MEMORY_KINDS),
          memory: z.string().describe('One short fact about the customer, e.g. "Name: Sheena", "Order #1234 is late"'),
        }),
      )
      .describe('Durable facts about the customer worth remembering for later conversations; none is fine'),
    entities: z
      .array(
        z.object({
          label: z.string().describe('The name as written, e.g. "Deluxe Kettle", "Order #1234", "Lisbon"'),
          type: z.string().describe('product, order, issue, place, person, organization or topic'),
        }),
      )
      .describe('Things the customer mentions'),
  });
});

/** How long a memory extraction may take before the patterns answer instead. */
const MEMORY_MODEL_TIMEOUT_MS = 60_000;

async function extractWithModel(
  deps: MemoryDeps,
  agent: AgentRow,
  message: string,
  known: string[],
): Promise<Extraction> {
  const model = await deps.languageModel({
    model: agent.model,
    apiKey: openAgentApiKey(deps.secrets, agent),
  });
  const [{ generateObject }, schema] = await Promise.all([loadAi(), extractionSchema()]);
  const call = callSignal(deps.signal, MEMORY_MODEL_TIMEOUT_MS);
  try {
    const { object } = await generateObject({
      model,
      schema,
      // A failed extraction falls back to the patterns at once; the next message tries the model again.
      maxRetries: 0,
      abortSignal: call.signal,
      system:
        'You extract what a business should remember about a WhatsApp customer: their name, email, phone, address, ' +
        'language, orders, preferences, problems and promises made to them. Only facts stated in the message; ' +
        'when a fact changes one already known, give the new one.',
      prompt: `Already known:\n${known.map((fact) => `- ${fact}`).join('\n') || '(nothing)'}\n\nThe customer wrote:\n${message}`,
    });
    return object as Extraction;
  } finally {
    call.release();
  }
}

/**
 * Stores one fact about the customer: nothing when the same fact is known; for a single-valued
 * kind, a different value replaces the one known (the row is updated and points at the new message).
 */
export async function rememberFact(
  db: Db,
  owner: { userId: number; agentId: number; phone: string; messageId: number },
  fact: Fact,
): Promise<'created' | 'known' | 'replaced'> {
  const text = normaliseMemory(fact.memory).slice(0, AGENT_LIMITS.maxMemoryLength);
  if (text === '') return 'known';
  return db.transaction(async (tx: Executor) => {
    if (SINGLE_VALUED_KINDS.has(fact.kind)) {
      const previous = await tx.query<{ id: number; memory: string }>(
        `select id, memory from memories
          where agent_id = $1 and user_id = $2 and from_phone_number = $3 and kind = $4
          order by id for update`,
        [owner.agentId, owner.userId, owner.phone, fact.kind],
      );
      const [keep, ...rest] = previous;
      if (keep) {
        if (rest.length > 0) {
          await tx.query('delete from memories where id = any($1::bigint[]) and user_id = $2', [
            rest.map((row) => row.id),
            owner.userId,
          ]);
        }
        if (normaliseMemory(keep.memory).toLowerCase() === text.toLowerCase()) return 'known';
        await tx.query(
          `update memories set memory = $3, source_message_id = $4, updated_at = now() where id = $1 and user_id = $2`,
          [keep.id, owner.userId, text, owner.messageId],
        );
        return 'replaced';
      }
    }
    const added = await addMemory(tx, {
      userId: owner.userId,
      agentId: owner.agentId,
      fromPhoneNumber: owner.phone,
      memory: text,
      sourceMessageId: owner.messageId,
    });
    if (!added.created) return 'known';
    await tx.query('update memories set kind = $3 where id = $1 and user_id = $2', [
      added.memory.id,
      owner.userId,
      fact.kind,
    ]);
    return 'created';
  });
}

/** Orders are written many ways ('#a-1234', 'A-1234'); other labels keep their words, tidied. */
function tidyLabel(entity: Entity): Entity {
  const type = entity.type.trim().toLowerCase() || 'topic';
  let label = entity.label.trim().replace(/\s+/g, ' ');
  if (type === 'order')
    label = `Order #${label
      .replace(/^order\s*/i, '')
      .replace(/^#\s*/, '')
      .toUpperCase()}`;
  return { label, type };
}

/** An existing node of the agent with the same normalised name and type keeps its label (merging). */
async function mergedLabel(db: Executor, userId: number, agentId: number, entity: Entity): Promise<Entity> {
  const known = await db.maybeOne<{ label: string }>(
    `select label from graph_nodes
      where agent_id = $1 and user_id = $2 and type = $3
        and lower(regexp_replace(btrim(label), '\\s+', ' ', 'g')) = lower($4)
      order by id limit 1`,
    [agentId, userId, entity.type, entity.label],
  );
  return known ? { label: known.label, type: entity.type } : entity;
}

const RELATION_BY_TYPE: Record<string, string> = { order: 'placed', issue: 'reported', product: 'asked about' };
/** How the customer relates to an entity a fact of theirs names: the place they live in, a product they own. */
const RELATION_BY_FACT: Partial<Record<MemoryKind, string>> = { address: 'lives in', product: 'owns' };
/** A customer lives in one place: a new one replaces the old link, as the new address replaces the old memory. */
export const SINGLE_VALUED_RELATIONS: ReadonlySet<string> = new Set(['lives in']);

function relationOf(entity: Entity, facts: Fact[]): string {
  const label = entity.label.toLowerCase();
  const fact = facts.find((item) => RELATION_BY_FACT[item.kind] && item.memory.toLowerCase().includes(label));
  return (fact && RELATION_BY_FACT[fact.kind]) ?? RELATION_BY_TYPE[entity.type] ?? 'mentioned';
}

/**
 * The customer's node and what they mentioned, merged into the agent's graph; a single-valued
 * relation (where they live) drops the customer's old link of that kind, all in one transaction.
 */
export async function addConversationGraph(
  db: Db,
  owner: { userId: number; agentId: number },
  customer: GraphNodeInput,
  entities: Entity[],
  facts: Fact[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    const nodes: GraphNodeInput[] = [];
    const edges: GraphEdgeInput[] = [];
    const seen = new Set<string>();
    for (const raw of entities) {
      if (raw.label.trim() === '') continue;
      const entity = await mergedLabel(tx, owner.userId, owner.agentId, tidyLabel(raw));
      const key = `${entity.type}\u0000${entity.label.toLowerCase()}`;
      if (seen.has(key) || entity.label === customer.label) continue;
      seen.add(key);
      nodes.push(entity);
      edges.push({ source: customer, target: entity, label: relationOf(entity, facts) });
    }
    for (const edge of edges.filter((item) => SINGLE_VALUED_RELATIONS.has(item.label))) {
      await tx.query(
        `delete from graph_edges e
          using graph_nodes source, graph_nodes target
          where e.agent_id = $1 and e.user_id = $2 and e.label = $3
            and source.id = e.source_id and source.label = $4 and source.type = $5
            and target.id = e.target_id and not (target.label = $6 and target.type = $7)`,
        [owner.agentId, owner.userId, edge.label, customer.label, customer.type, edge.target.label, edge.target.type],
      );
    }
    await upsertGraph(tx, { userId: owner.userId, agentId: owner.agentId, nodes: [customer, ...nodes], edges });
  });
}

type MessageRow = { id: number; body: string; direction: string; wa_id: string; profile_name: string | null };

/** The extract-memories job for one customer message. */
export async function extractMemories(deps: MemoryDeps, payload: ReceivedMessage): Promise<Extraction | undefined> {
  const message = await deps.db.maybeOne<MessageRow>(
    `select m.id, m.body, m.direction, c.wa_id, c.profile_name
       from messages m join conversations c on c.id = m.conversation_id and c.user_id = m.user_id
      where m.id = $1 and m.user_id = $2`,
    [payload.messageId, payload.userId],
  );
  if (!message || message.direction !== 'inbound' || message.body.trim() === '') return undefined;
  const agent = await findActiveAgent(deps.db, payload.userId);
  if (!agent) return undefined;
  const phone = customerPhone(message.wa_id);
  const owner = { userId: payload.userId, agentId: Number(agent.id), phone, messageId: Number(message.id) };

  let extraction: Extraction = {
    facts: extractFactsOffline(message.body),
    entities: extractEntitiesOffline(message.body),
  };
  if (agent.model !== LOCAL_KNOWLEDGE_MODEL) {
    try {
      const known = await deps.db.query<{ memory: string }>(
        'select memory from memories where agent_id = $1 and user_id = $2 and from_phone_number = $3 order by id',
        [agent.id, payload.userId, phone],
      );
      extraction = await extractWithModel(
        deps,
        agent,
        message.body,
        known.map((row) => row.memory),
      );
    } catch (error) {
      deps.log.warn({ err: error, agentId: agent.id }, 'memories: model extraction failed; using the patterns');
    }
  }
  for (const fact of extraction.facts) await rememberFact(deps.db, owner, fact);
  const name = message.profile_name?.trim();
  const customer = { label: name ? `${name} (${phone})` : phone, type: 'customer' };
  await addConversationGraph(deps.db, owner, customer, extraction.entities, extraction.facts);
  return extraction;
}
