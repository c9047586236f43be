import { generateObject } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AGENT_LIMITS, LOCAL_KNOWLEDGE_MODEL } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import type { Secrets } from '../../secrets';
import { callSignal } from '../../shutdown';
import { findActiveAgent, type AgentRow } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { upsertGraph, type GraphEdgeInput, type GraphNodeInput } from '../agents/graph';
import { addMemory, normaliseMemory } from '../agents/memories';
import { extractGraph } from '../knowledge/entities';
import type { LanguageModelResolver } from './models';
import { customerPhone } from './context';

/**
 * After each customer message: durable facts about the customer (memories, keyed by phone number)
 * and the entities they mention (the agent's graph). A real model extracts both by structured
 * output; the offline model (and a failing provider) by a few reliable patterns. The same fact is
 * stored once; a changed fact of a single-valued kind (a new email) replaces the old one.
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

export const MEMORY_KINDS = [
  'name',
  'email',
  'phone',
  'address',
  'language',
  'order',
  'preference',
  'problem',
  'promise',
  'other',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** A customer has one of each of these: a new value replaces the old one. The others accumulate. */
export const SINGLE_VALUED_KINDS: ReadonlySet<string> = new Set(['name', 'email', 'phone', 'address', 'language']);

export interface Fact {
  kind: MemoryKind;
  memory: string;
}

export interface Entity {
  label: string;
  type: string;
}

export interface Extraction {
  facts: Fact[];
  entities: Entity[];
}

/** Words that follow "I'm" without being a name ("I'm Looking for …", "I'm Sorry"). */
const NOT_NAMES = new Set(
  (
    'looking interested having not good fine sorry here back trying going just so very still also writing ' +
    'calling asking waiting happy glad new sure ok okay unable able afraid confused disappointed upset ' +
    'from in at on the a an'
  ).split(' '),
);

/** After "my name is" / "call me": a name, capitalised or not. */
const NAME = "(\\p{L}[\\p{L}'’-]+(?: \\p{L}[\\p{L}'’-]+)?)";
/** After "I'm" / "this is" only a capitalised name counts: "I'm Sheena." is one, "this is great!" is not. */
const CAPITALISED_NAME = "(\\p{Lu}[\\p{Ll}'’-]+(?: \\p{Lu}[\\p{Ll}'’-]+)?)";
/** Words that may follow a first name without being a surname ("my name is Ana and …"). */
const NOT_SURNAMES = new Set(
  'and but from here i im please thanks thank the my so or with at in on by to is was'.split(' '),
);
const NAME_PATTERNS = [
  new RegExp(`\\b(?:my name is|my name's|name's|call me)\\s+${NAME}`, 'iu'),
  new RegExp(
    `(?:^|[.!?,]\\s*)(?:[Ii] am|[Ii]'m|[Ii]’m|[Tt]his is)\\s+${CAPITALISED_NAME}(?=\\s*(?:[,.!?]|$|\\s(?:from|and|here)\\b))`,
    'u',
  ),
];
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;
const ORDER = /\border\s*(?:number|no\.?|num|id|#)?\s*(?:is\s*|:\s*)?#?\s*([A-Z0-9][A-Z0-9-]{2,})/giu;
const PREFERENCES: Array<{ pattern: RegExp; as: (what: string) => string }> = [
  { pattern: /\bi(?:'d| would) rather (?:have |get )?([^.!?\n]{3,80})/i, as: (what) => `Prefers ${what}` },
  { pattern: /\bi (?:always )?prefer ([^.!?\n]{3,80})/i, as: (what) => `Prefers ${what}` },
  { pattern: /\bi (?:really )?(?:like|love) ([^.!?\n]{3,80})/i, as: (what) => `Likes ${what}` },
  { pattern: /\bi (?:don't|do not|dont) (?:like|want) ([^.!?\n]{3,80})/i, as: (what) => `Does not like ${what}` },
  { pattern: /\bi(?:'m| am) allergic to ([^.!?\n]{3,80})/i, as: (what) => `Allergic to ${what}` },
  { pattern: /\bplease (?:always|never) ([^.!?\n]{3,80})/i, as: (what) => `Asked: please ${what}` },
];

function capitalised(name: string): string {
  return name
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The offline extractor: name, email, order numbers and stated preferences, by patterns. */
export function extractFactsOffline(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const pattern of NAME_PATTERNS) {
    const match = pattern.exec(text);
    const [first, second] = match?.[1].split(' ') ?? [];
    const name = second && !NOT_SURNAMES.has(second.toLowerCase()) ? `${first} ${second}` : first;
    if (name && !NOT_NAMES.has(first.toLowerCase())) {
      facts.push({ kind: 'name', memory: `Name: ${capitalised(name)}` });
      break;
    }
  }
  const email = EMAIL.exec(text)?.[0];
  if (email) facts.push({ kind: 'email', memory: `Email: ${email.toLowerCase()}` });
  for (const match of text.matchAll(ORDER)) {
    const number = match[1].toUpperCase();
    if (/\d/.test(number)) facts.push({ kind: 'order', memory: `Order #${number}` });
  }
  for (const { pattern, as } of PREFERENCES) {
    const what = pattern
      .exec(text)?.[1]
      ?.trim()
      .replace(/[,;]+$/, '');
    if (what) facts.push({ kind: 'preference', memory: as(what) });
  }
  return facts;
}

/** Entities of a customer message, offline: the document extractor's plus order numbers. */
export function extractEntitiesOffline(text: string): Entity[] {
  const entities: Entity[] = extractGraph(text).nodes.map((node) => ({ label: node.label, type: node.type }));
  for (const match of text.matchAll(ORDER)) {
    const number = match[1].toUpperCase();
    if (/\d/.test(number)) entities.push({ label: `Order #${number}`, type: 'order' });
  }
  return entities;
}

const ExtractionSchema = z.object({
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

/** How long a memory extraction may take before the patterns answer instead. */
const MEMORY_MODEL_TIMEOUT_MS = 60_000;

async function extractWithModel(
  deps: MemoryDeps,
  agent: AgentRow,
  message: string,
  known: string[],
): Promise<Extraction> {
  const model = deps.languageModel({
    model: agent.model,
    apiKey: openAgentApiKey(deps.secrets, agent),
  });
  const call = callSignal(deps.signal, MEMORY_MODEL_TIMEOUT_MS);
  try {
    const { object } = await generateObject({
      model,
      schema: ExtractionSchema,
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

/** The customer's node and what they mentioned, merged into the agent's graph. */
export async function addConversationGraph(
  db: Db,
  owner: { userId: number; agentId: number },
  customer: GraphNodeInput,
  entities: Entity[],
): Promise<void> {
  const nodes: GraphNodeInput[] = [];
  const seen = new Set<string>();
  for (const raw of entities) {
    if (raw.label.trim() === '') continue;
    const entity = await mergedLabel(db, owner.userId, owner.agentId, tidyLabel(raw));
    const key = `${entity.type}\u0000${entity.label.toLowerCase()}`;
    if (seen.has(key) || entity.label === customer.label) continue;
    seen.add(key);
    nodes.push(entity);
  }
  const edges: GraphEdgeInput[] = nodes.map((node) => ({
    source: customer,
    target: node,
    label: RELATION_BY_TYPE[node.type] ?? 'mentioned',
  }));
  await upsertGraph(db, { userId: owner.userId, agentId: owner.agentId, nodes: [customer, ...nodes], edges });
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
  await addConversationGraph(deps.db, owner, customer, extraction.entities);
  return extraction;
}
