import crypto from 'node:crypto';
import type { Db } from '../server/db/client';
import { openPglite } from '../server/db/pglite';
import { migrate } from '../server/db/migrate';
import { searchContexts } from '../server/services/knowledge/contexts';
import { EMBEDDING_DIMENSIONS, normalize } from '../server/services/ai/embeddings';
import { percentile, type BenchResult } from './report';

/** A bench's own database: PGlite in memory, migrated, with one owner and one agent. */
export async function benchDatabase(): Promise<{ db: Db; userId: number; agentId: number }> {
  const db = await openPglite();
  await migrate(db);
  const user = await db.one<{ id: number }>(
    `insert into users (email, username, password_hash, first_name, last_name, is_verified)
     values ('bench@example.com', 'bench', 'x', 'Bench', 'Owner', true) returning id`,
  );
  const agent = await db.one<{ id: number }>(
    `insert into agents (user_id, name, description, model, system_prompt, user_prompt)
     values ($1, 'Bench', 'Bench agent', 'local/knowledge-base', 'Answer.', 'Answer.') returning id`,
    [user.id],
  );
  return { db, userId: Number(user.id), agentId: Number(agent.id) };
}

const SYLLABLES = 'ka lo mi ne ru sa te vi do pa ga le bo fi nu ro se ta ve zi mo ha ju ke'.split(' ');
const VOCABULARY_SIZE = 5000;
/** Words as frequent as English stopwords (which full-text search drops) are not used in queries. */
const COMMON_WORDS = 100;

/** A made-up vocabulary: word n is spelled from the syllables of n, so every word is distinct. */
const VOCABULARY = Array.from({ length: VOCABULARY_SIZE }, (_, n) => {
  let word = '';
  let rest = n + SYLLABLES.length;
  while (rest > 0) {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return word;
});

/** Zipf's law (word n about 1/n as frequent as the first), as in natural text: cumulative weights. */
const CUMULATIVE = (() => {
  let sum = 0;
  return VOCABULARY.map((_, n) => (sum += 1 / (n + 1)));
})();

/** A deterministic pseudo-random stream per seed. */
function stream(seed: number): () => number {
  let state = crypto.createHash('sha256').update(String(seed)).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

function zipfWord(random: () => number, from = 0): string {
  const low = from === 0 ? 0 : CUMULATIVE[from - 1];
  const target = low + random() * (CUMULATIVE[CUMULATIVE.length - 1] - low);
  let lo = from;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo];
}

/** Sentence-like text whose word frequencies follow Zipf's law, deterministic per seed. */
export function pseudoText(seed: number, sentences: number): string {
  const random = stream(seed);
  return Array.from({ length: sentences }, () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 10) }, () => zipfWord(random));
    const sentence = words.join(' ');
    return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
  }).join(' ');
}

/** A search of `words` words as a customer might type it: no stopword-like words. */
export function pseudoQuery(seed: number, words: number): string {
  const random = stream(seed);
  return Array.from({ length: words }, () => zipfWord(random, COMMON_WORDS)).join(' ');
}

const CHUNKS = 10_000;
const DIMENSIONS = EMBEDDING_DIMENSIONS;
const QUERIES = 200;
const BUDGET_MS = 30;

function randomVector(): number[] {
  return normalize(Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5));
}

/**
 * DESIGN.md §11: hybrid retrieval (full text fused with vector similarity) over 10,000 chunks of
 * one agent, in an embedded PGlite, as the reply pipeline calls it.
 */
export async function retrieval(): Promise<BenchResult[]> {
  const { db, userId, agentId } = await benchDatabase();
  try {
    const batch = 500;
    for (let start = 0; start < CHUNKS; start += batch) {
      const texts = Array.from({ length: batch }, (_, offset) => pseudoText(start + offset, 9));
      await db.query(
        `insert into contexts (user_id, agent_id, chunk_index, content, embedding)
         select $1, $2, chunk.index, chunk.content, chunk.embedding::vector
         from unnest($3::integer[], $4::text[], $5::text[]) as chunk (index, content, embedding)`,
        [
          userId,
          agentId,
          texts.map((_, offset) => start + offset),
          texts,
          texts.map(() => `[${randomVector().join(',')}]`),
        ],
      );
    }
    await db.exec('analyze contexts');
    const queries = Array.from({ length: QUERIES }, (_, index) => pseudoQuery(index, 1 + (index % 3)));
    for (const query of queries.slice(0, 10)) {
      await searchContexts(db, { userId, agentId, query, embedding: randomVector() });
    }
    const timings: number[] = [];
    let matched = 0;
    for (const query of queries) {
      const embedding = randomVector();
      const started = performance.now();
      await searchContexts(db, { userId, agentId, query, embedding });
      timings.push(performance.now() - started);
      const textual = await searchContexts(db, { userId, agentId, query, limit: 1 });
      if (textual.length > 0) matched += 1;
    }
    // The peer: the bare nearest-neighbour statement the vector half rests on, on the same database.
    const bare: number[] = [];
    for (let i = 0; i < queries.length; i += 1) {
      const started = performance.now();
      await db.query(
        `select id from contexts where agent_id = $1 and user_id = $2 order by embedding <#> $3::vector limit 20`,
        [agentId, userId, `[${randomVector().join(',')}]`],
      );
      bare.push(performance.now() - started);
    }
    return [
      {
        name: 'hybrid retrieval, 10,000 chunks of one agent, p95',
        peer: { name: 'the bare vector query', value: percentile(bare, 0.95) },
        value: percentile(timings, 0.95),
        unit: 'ms',
        budget: BUDGET_MS,
        better: 'lower',
        detail: `PGlite, ${DIMENSIONS}-dimension vectors, ${QUERIES} queries of 1-3 words, ${matched} with full-text hits, median ${percentile(timings, 0.5).toFixed(1)} ms`,
      },
    ];
  } finally {
    await db.close();
  }
}
