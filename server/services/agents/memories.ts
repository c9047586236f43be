import { AGENT_ERRORS, type Memory } from '../../../contract';
import type { Executor } from '../../db/client';
import { NotFound, ValidationFailed } from '../../errors';
import { requireAgent } from './agents';
import { validateMemoryText } from './validation';

type MemoryRow = {
  id: number;
  from_phone_number: string;
  memory: string;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = 'id, from_phone_number, memory, created_at, updated_at';
/** How alike a word of the memory must be to the query (pg_trgm word similarity, 0..1) to count as a fuzzy hit. */
const FUZZY_THRESHOLD = 0.4;

function toMemory(row: MemoryRow): Memory {
  return {
    id: Number(row.id),
    from_phone_number: row.from_phone_number,
    memory: row.memory,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function memoryNotFound(): NotFound {
  return new NotFound(AGENT_ERRORS.memoryNotFound, 'memory_not_found');
}

/** The same text for de-duplication: trimmed, inner whitespace collapsed. */
export function normaliseMemory(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The agent's memories, newest first. */
export async function listMemories(db: Executor, userId: number, agentId: number): Promise<Memory[]> {
  await requireAgent(db, userId, agentId);
  const rows = await db.query<MemoryRow>(
    `select ${COLUMNS} from memories where agent_id = $1 and user_id = $2 order by created_at desc, id desc`,
    [agentId, userId],
  );
  return rows.map(toMemory);
}

/** Escapes ILIKE's wildcards so that the query's own '%' and '_' match themselves. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Full-text (words, any order) plus fuzzy matching (a substring, or a word within a typo or two,
 * by trigram similarity), best first; an empty query lists them all.
 */
export async function searchMemories(
  db: Executor,
  userId: number,
  agentId: number,
  query: string | undefined,
): Promise<Memory[]> {
  const text = (query ?? '').trim();
  if (text === '') return listMemories(db, userId, agentId);
  await requireAgent(db, userId, agentId);
  const rows = await db.query<MemoryRow>(
    `select ${COLUMNS} from (
       select m.*,
              ts_rank(m.search, websearch_to_tsquery('simple', $3)) as rank,
              word_similarity($3, m.memory) as likeness
         from memories m
        where m.agent_id = $1 and m.user_id = $2
     ) scored
      where search @@ websearch_to_tsquery('simple', $3)
         or memory ilike $4
         or likeness >= $5
      order by (case when search @@ websearch_to_tsquery('simple', $3) then 1 else 0 end) desc,
               greatest(rank, likeness) desc, created_at desc, id desc`,
    [agentId, userId, text, likePattern(text), FUZZY_THRESHOLD],
  );
  return rows.map(toMemory);
}

/** The owner corrects a memory. */
export async function updateMemory(
  db: Executor,
  userId: number,
  agentId: number,
  memoryId: number,
  text: unknown,
): Promise<Memory> {
  const memory = validateMemoryText(text);
  await requireAgent(db, userId, agentId);
  const row = await db.maybeOne<MemoryRow>(
    `update memories set memory = $4, updated_at = now()
      where id = $3 and agent_id = $1 and user_id = $2 returning ${COLUMNS}`,
    [agentId, userId, memoryId, memory],
  );
  if (!row) throw memoryNotFound();
  return toMemory(row);
}

export async function deleteMemory(db: Executor, userId: number, agentId: number, memoryId: number): Promise<void> {
  await requireAgent(db, userId, agentId);
  const deleted = await db.query('delete from memories where id = $3 and agent_id = $1 and user_id = $2 returning id', [
    agentId,
    userId,
    memoryId,
  ]);
  if (deleted.length === 0) throw memoryNotFound();
}

export interface NewMemory {
  userId: number;
  agentId: number;
  /** The customer the memory is about. */
  fromPhoneNumber: string;
  memory: string;
  /** The message it was learnt from, if any. */
  sourceMessageId?: number;
}

/**
 * Remembers something about a customer, once: the same customer and the same text (whitespace and
 * case aside) adds no second row. Answers the stored memory and whether it is new.
 */
export async function addMemory(db: Executor, next: NewMemory): Promise<{ memory: Memory; created: boolean }> {
  const text = normaliseMemory(validateMemoryText(next.memory));
  const phone = next.fromPhoneNumber.trim();
  if (phone === '') throw new ValidationFailed('The customer’s phone number is required.', 'from_phone_number');
  await requireAgent(db, next.userId, next.agentId);
  const inserted = await db.maybeOne<MemoryRow>(
    `insert into memories (user_id, agent_id, from_phone_number, memory, source_message_id)
     select $1, $2, $3, $4, $5
      where not exists (
        select 1 from memories
         where agent_id = $2 and user_id = $1 and from_phone_number = $3
           and lower(regexp_replace(btrim(memory), '\\s+', ' ', 'g')) = lower($4))
     returning ${COLUMNS}`,
    [next.userId, next.agentId, phone, text, next.sourceMessageId ?? null],
  );
  if (inserted) return { memory: toMemory(inserted), created: true };
  const existing = await db.one<MemoryRow>(
    `select ${COLUMNS} from memories
      where agent_id = $2 and user_id = $1 and from_phone_number = $3
        and lower(regexp_replace(btrim(memory), '\\s+', ' ', 'g')) = lower($4)
      order by id limit 1`,
    [next.userId, next.agentId, phone, text],
  );
  return { memory: toMemory(existing), created: false };
}
