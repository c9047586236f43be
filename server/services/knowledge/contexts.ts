import type { Context } from '../../../contract';
import type { Executor } from '../../db/client';
import { requireAgent } from '../agents/agents';
import { toVectorLiteral } from '../ai/embeddings';

/** Reciprocal rank fusion's constant: a result's share is 1 / (k + its rank in each list). */
export const RRF_K = 60;
export const DEFAULT_SEARCH_LIMIT = 20;
/** The Contexts tab lists at most this many (newest first). */
export const MAX_LISTED_CONTEXTS = 1000;

/** A found context with its fused score (higher is better). */
export type ContextHit = Context & { score: number };

export interface ContextSearch {
  userId: number;
  agentId: number;
  query: string;
  limit?: number;
  /** The query's embedding by the agent's embedding model, when it has one. */
  embedding?: number[] | null;
}

type ContextRow = {
  id: number;
  context: string;
  created_at: Date;
  document_id: number | null;
  document_name: string | null;
  score?: number;
};

const CONTEXT_COLUMNS = `c.id, c.content as context, c.created_at, c.document_id, d.filename as document_name`;

/**
 * Ingestion writes a document's chunks in batches before it makes the document ready: until then
 * they are not shown or searched (`c` a context, `d` its document, left-joined).
 */
const SHOWN = `(c.document_id is null or d.status = 'ready')`;

function toContext(row: ContextRow): Context {
  return {
    id: Number(row.id),
    context: row.context,
    created_at: row.created_at.toISOString(),
    document_id: row.document_id === null ? null : Number(row.document_id),
    document_name: row.document_name,
  };
}

function toHit(row: ContextRow): ContextHit {
  return { ...toContext(row), score: Number(row.score ?? 0) };
}

/** The agent's contexts, newest document first, each document's chunks in reading order. */
export async function listContexts(db: Executor, userId: number, agentId: number, limit = MAX_LISTED_CONTEXTS) {
  await requireAgent(db, userId, agentId);
  const rows = await db.query<ContextRow>(
    `select ${CONTEXT_COLUMNS}
     from contexts c left join documents d on d.id = c.document_id
     where c.agent_id = $1 and c.user_id = $2 and ${SHOWN}
     order by c.created_at desc, c.document_id desc nulls last, c.chunk_index, c.id
     limit $3`,
    [agentId, userId, limit],
  );
  return rows.map(toContext);
}

/**
 * Full-text ranking (websearch syntax, cover density) fused by reciprocal rank with vector
 * similarity when an embedding is given; each list contributes its best `limit` candidates. Stored
 * embeddings are unit vectors (embedTexts normalises them), so the negative inner product (`<#>`)
 * orders them as cosine distance would, at less cost.
 */
async function hybridSearch(db: Executor, search: Required<ContextSearch>): Promise<ContextRow[]> {
  const embedding = search.embedding ? toVectorLiteral(search.embedding) : null;
  return db.query<ContextRow>(
    `with query as (select websearch_to_tsquery('english', $3) as q),
     full_text as (
       select id, row_number() over (order by score desc, id) as rank
       from (
         select c.id, ts_rank_cd(c.search, query.q) as score
         from query, contexts c left join documents d on d.id = c.document_id
         where c.agent_id = $1 and c.user_id = $2 and c.search @@ query.q and ${SHOWN}
         order by score desc, c.id
         limit $4
       ) as best
     ),
     nearest as (
       select id, row_number() over (order by distance, id) as rank
       from (
         select c.id, c.embedding <#> $5::vector as distance
         from contexts c left join documents d on d.id = c.document_id
         where $5::vector is not null and c.agent_id = $1 and c.user_id = $2 and c.embedding is not null
           and vector_dims(c.embedding) = vector_dims($5::vector) and ${SHOWN}
         order by distance, c.id
         limit $4
       ) as closest
     ),
     fused as (
       select id, sum(1.0 / (${RRF_K} + rank)) as score
       from (select id, rank from full_text union all select id, rank from nearest) as ranked
       group by id
     )
     select ${CONTEXT_COLUMNS}, fused.score
     from fused join contexts c on c.id = fused.id left join documents d on d.id = c.document_id
     order by fused.score desc, c.id
     limit $4`,
    [search.agentId, search.userId, search.query, search.limit, embedding],
  );
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** At most this many words of a query take part in the substring fallback. */
const MAX_FALLBACK_WORDS = 8;

/**
 * When full-text finds nothing (a part of a word, a code like 'X-200'): the contexts containing the
 * query's words (3 characters or more, so that the trigram index serves each), most words first.
 */
async function substringSearch(db: Executor, search: Required<ContextSearch>): Promise<ContextRow[]> {
  const words = [...new Set(search.query.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [])]
    .filter((word) => word.length >= 3)
    .slice(0, MAX_FALLBACK_WORDS);
  if (words.length === 0) return [];
  const patterns = words.map(likePattern);
  // One `ilike` per word (parameters $5…), OR-ed, so that each can use the trigram index.
  const any = patterns.map((_, index) => `c.content ilike $${index + 5}`).join(' or ');
  const matched = patterns.map((_, index) => `(c.content ilike $${index + 5})::int`).join(' + ');
  return db.query<ContextRow>(
    `select ${CONTEXT_COLUMNS}, (${matched})::float8 / $3 as score
     from contexts c left join documents d on d.id = c.document_id
     where c.agent_id = $1 and c.user_id = $2 and (${any}) and ${SHOWN}
     order by score desc, c.id
     limit $4`,
    [search.agentId, search.userId, words.length, search.limit, ...patterns],
  );
}

/**
 * The agent's contexts that best match the query, best first (the AI reply pipeline retrieves with
 * this too). An empty query gives the newest contexts.
 */
export async function searchContexts(db: Executor, search: ContextSearch): Promise<ContextHit[]> {
  const request: Required<ContextSearch> = {
    ...search,
    query: search.query.trim(),
    limit: search.limit ?? DEFAULT_SEARCH_LIMIT,
    embedding: search.embedding ?? null,
  };
  if (request.query === '') {
    return (await listContexts(db, search.userId, search.agentId, request.limit)).map((context) => ({
      ...context,
      score: 0,
    }));
  }
  const hybrid = await hybridSearch(db, request);
  if (hybrid.length > 0) return hybrid.map(toHit);
  return (await substringSearch(db, request)).map(toHit);
}
