import type { AgentBody, AgentDetail } from '../../../contract';
import { bearer, registerUser, type TestContext } from './helpers';

export interface Owner {
  token: string;
  userId: number;
}

/** A fresh owner; verified unless told otherwise (the verification flow itself is tested elsewhere). */
export async function newOwner(ctx: TestContext, verified = true): Promise<Owner> {
  const { token, user } = await registerUser(ctx.app);
  if (verified) await ctx.db.query('update users set is_verified = true where id = $1', [user.id]);
  return { token, userId: user.id };
}

export const REAL_KEY = 'sk-proj-abcdefghijklmnop1234wxyz';

export function agentBody(overrides: Partial<AgentBody> = {}): AgentBody {
  return {
    name: 'Support agent',
    description: 'Answers questions about orders',
    model: 'openai/gpt-4o-mini',
    system_prompt: 'You are a helpful assistant for Acme.',
    user_prompt: 'Answer the customer briefly.',
    api_key: REAL_KEY,
    ...overrides,
  };
}

export function call(
  ctx: TestContext,
  owner: Owner,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.token), payload });
}

/** Creates an agent through the API (the owner must be verified). */
export async function createAgent(ctx: TestContext, owner: Owner, overrides: Partial<AgentBody> = {}) {
  const response = await call(ctx, owner, 'POST', '/agents/', agentBody(overrides));
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json<AgentDetail>();
}

/** A memory, a document (with its bytes) and a context, and a graph edge, straight into the tables. */
export async function seedKnowledge(ctx: TestContext, owner: Owner, agentId: number) {
  await ctx.db.query(
    "insert into memories (user_id, agent_id, from_phone_number, memory) values ($1, $2, '15550001111', 'Prefers email')",
    [owner.userId, agentId],
  );
  const document = await ctx.db.one<{ id: number }>(
    `insert into documents (user_id, agent_id, filename, media_type, size_bytes, sha256, status)
     values ($1, $2, 'faq.txt', 'text/plain', 5, 'abc', 'ready') returning id`,
    [owner.userId, agentId],
  );
  await ctx.db.query("insert into document_files (document_id, content) values ($1, '\\x68656c6c6f'::bytea)", [
    document.id,
  ]);
  await ctx.db.query(
    "insert into contexts (user_id, agent_id, document_id, content) values ($1, $2, $3, 'Opening hours are 9 to 5')",
    [owner.userId, agentId, document.id],
  );
  const a = await ctx.db.one<{ id: number }>(
    "insert into graph_nodes (user_id, agent_id, label, type) values ($1, $2, 'Acme', 'organization') returning id",
    [owner.userId, agentId],
  );
  const b = await ctx.db.one<{ id: number }>(
    "insert into graph_nodes (user_id, agent_id, label, type) values ($1, $2, 'Widget', 'product') returning id",
    [owner.userId, agentId],
  );
  await ctx.db.query(
    "insert into graph_edges (user_id, agent_id, source_id, target_id, label) values ($1, $2, $3, $4, 'sells')",
    [owner.userId, agentId, a.id, b.id],
  );
  return { documentId: Number(document.id) };
}

/** Rows of the agent's knowledge in each table. */
export async function knowledgeCounts(ctx: TestContext, agentId: number) {
  const counts: Record<string, number> = {};
  for (const table of ['memories', 'documents', 'contexts', 'graph_nodes', 'graph_edges']) {
    counts[table] = (
      await ctx.db.one<{ n: number }>(`select count(*)::int as n from ${table} where agent_id = $1`, [agentId])
    ).n;
  }
  return counts;
}
