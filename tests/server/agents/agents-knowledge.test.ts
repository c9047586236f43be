import { AGENT_ERRORS, type AgentGraph, type Memory } from '../../../contract';
import { ValidationFailed } from '../../../server/errors';
import { upsertGraph } from '../../../server/services/agents/graph';
import { addMemory } from '../../../server/services/agents/memories';
import { call, createAgent, newOwner, type Owner } from '../support/agents-helpers';
import { useTestApp } from '../support/helpers';

const ctx = useTestApp();

async function agentWithMemories(texts: string[], owner?: Owner) {
  const who = owner ?? (await newOwner(ctx));
  const agent = await createAgent(ctx, who);
  for (const [index, memory] of texts.entries()) {
    await ctx.db.query(
      `insert into memories (user_id, agent_id, from_phone_number, memory, created_at)
       values ($1, $2, '15550001111', $3, now() - make_interval(mins => $4))`,
      [who.userId, agent.id, memory, texts.length - index],
    );
  }
  return { owner: who, agent };
}

function search(owner: Owner, agentId: number, query?: string) {
  const suffix = query === undefined ? '' : `?query=${encodeURIComponent(query)}`;
  return call(ctx, owner, 'POST', `/agents/${agentId}/memories/search${suffix}`);
}

const TEXTS = [
  'Customer prefers delivery on Fridays',
  'Allergic to peanuts, no nut products',
  'Asked about the 50% discount_code SPRING',
];

describe('GET /api/v1/agents/{id}/memories', () => {
  it('lists the agent’s memories, newest first', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const other = await createAgent(ctx, owner);
    await ctx.db.query(
      "insert into memories (user_id, agent_id, from_phone_number, memory) values ($1, $2, '1', 'other agent')",
      [owner.userId, other.id],
    );
    const response = await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`);
    expect(response.statusCode).toBe(200);
    const memories = response.json<Memory[]>();
    expect(memories.map((memory) => memory.memory)).toEqual([...TEXTS].reverse());
    expect(memories[0]).toEqual({
      id: expect.any(Number),
      from_phone_number: '15550001111',
      memory: TEXTS[2],
      created_at: expect.stringMatching(/^\d{4}-/),
      updated_at: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('answers an agent without memories with an empty list', async () => {
    const { owner, agent } = await agentWithMemories([]);
    expect((await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json()).toEqual([]);
  });
});

describe('POST /api/v1/agents/{id}/memories/search', () => {
  it('finds a memory by its words, in any order', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const response = await search(owner, agent.id, 'fridays delivery');
    expect(response.statusCode).toBe(200);
    expect(response.json<Memory[]>().map((memory) => memory.memory)).toEqual([TEXTS[0]]);
  });

  it('finds a memory despite a typo', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const response = await search(owner, agent.id, 'peanuds');
    expect(response.json<Memory[]>().map((memory) => memory.memory)).toEqual([TEXTS[1]]);
  });

  it('finds a part of a word, and takes % and _ literally', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    expect((await search(owner, agent.id, 'discount_c')).json<Memory[]>().map((m) => m.memory)).toEqual([TEXTS[2]]);
    expect((await search(owner, agent.id, '50%')).json<Memory[]>().map((m) => m.memory)).toEqual([TEXTS[2]]);
    expect((await search(owner, agent.id, '%')).json<Memory[]>().map((m) => m.memory)).toEqual([TEXTS[2]]);
  });

  it('answers nothing when nothing matches', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    expect((await search(owner, agent.id, 'helicopter')).json()).toEqual([]);
  });

  it.each([undefined, '', '   '])('answers the full list for the query %p', async (query) => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const response = await search(owner, agent.id, query);
    expect(response.statusCode).toBe(200);
    expect(response.json<Memory[]>().map((memory) => memory.memory)).toEqual([...TEXTS].reverse());
  });

  it('never answers another agent’s memories', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const { agent: second } = await agentWithMemories(['Customer prefers delivery on Mondays'], owner);
    const response = await search(owner, second.id, 'delivery');
    expect(response.json<Memory[]>().map((memory) => memory.memory)).toEqual(['Customer prefers delivery on Mondays']);
    expect(agent.id).not.toBe(second.id);
  });

  it('refuses an over-long query with 422', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const response = await search(owner, agent.id, 'x'.repeat(501));
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe('query');
  });
});

describe('PUT and DELETE /api/v1/agents/{id}/memories/{memoryId}', () => {
  it('corrects a memory', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const [memory] = (await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>();
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}/memories/${memory.id}`, {
      memory: '  Asked about the 40% code  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: memory.id, memory: 'Asked about the 40% code' });
    expect((await search(owner, agent.id, '40%')).json<Memory[]>()).toHaveLength(1);
  });

  it.each(['', '   '])('refuses the blank memory %p with 422', async (text) => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const [memory] = (await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>();
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}/memories/${memory.id}`, { memory: text });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'memory', detail: AGENT_ERRORS.memoryRequired });
  });

  it('refuses a missing or over-long memory with 422', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const [memory] = (await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>();
    const missing = await call(ctx, owner, 'PUT', `/agents/${agent.id}/memories/${memory.id}`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('memory');
    const long = await call(ctx, owner, 'PUT', `/agents/${agent.id}/memories/${memory.id}`, {
      memory: 'x'.repeat(4001),
    });
    expect(long.statusCode).toBe(422);
  });

  it('deletes a memory with 204', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const [memory] = (await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>();
    const response = await call(ctx, owner, 'DELETE', `/agents/${agent.id}/memories/${memory.id}`);
    expect(response.statusCode).toBe(204);
    expect((await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json()).toHaveLength(2);
    expect((await call(ctx, owner, 'DELETE', `/agents/${agent.id}/memories/${memory.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a memory of another of the owner’s agents, and leaves it alone', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const other = await createAgent(ctx, owner);
    const [memory] = (await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>();
    const put = await call(ctx, owner, 'PUT', `/agents/${other.id}/memories/${memory.id}`, { memory: 'hijacked' });
    expect(put.statusCode).toBe(404);
    expect(put.json().detail).toBe(AGENT_ERRORS.memoryNotFound);
    expect((await call(ctx, owner, 'DELETE', `/agents/${other.id}/memories/${memory.id}`)).statusCode).toBe(404);
    expect((await call(ctx, owner, 'GET', `/agents/${agent.id}/memories`)).json<Memory[]>()[0].memory).toBe(TEXTS[2]);
  });

  it('answers a memory of another owner with 404, even under the stranger’s own agent', async () => {
    const { agent } = await agentWithMemories(TEXTS);
    const stranger = await newOwner(ctx);
    const theirs = await createAgent(ctx, stranger);
    const memoryId = (
      await ctx.db.one<{ id: number }>('select id from memories where agent_id = $1 limit 1', [agent.id])
    ).id;
    const response = await call(ctx, stranger, 'DELETE', `/agents/${theirs.id}/memories/${memoryId}`);
    expect(response.statusCode).toBe(404);
    expect(await ctx.db.query('select 1 from memories where id = $1', [memoryId])).toHaveLength(1);
  });

  it('answers a non-integer memory id with 422 naming it', async () => {
    const { owner, agent } = await agentWithMemories(TEXTS);
    const response = await call(ctx, owner, 'DELETE', `/agents/${agent.id}/memories/first`);
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe('memoryId');
  });
});

describe('addMemory', () => {
  it('adds a memory once per customer and normalised text', async () => {
    const { owner, agent } = await agentWithMemories([]);
    const base = { userId: owner.userId, agentId: agent.id, fromPhoneNumber: '15550002222' };
    const first = await addMemory(ctx.db, { ...base, memory: 'Likes green tea' });
    expect(first.created).toBe(true);
    const again = await addMemory(ctx.db, { ...base, memory: '  likes   GREEN tea ' });
    expect(again).toEqual({ created: false, memory: first.memory });
    const otherCustomer = await addMemory(ctx.db, {
      ...base,
      fromPhoneNumber: '15550003333',
      memory: 'Likes green tea',
    });
    expect(otherCustomer.created).toBe(true);
    const rows = await ctx.db.query('select memory from memories where agent_id = $1', [agent.id]);
    expect(rows).toHaveLength(2);
  });

  it('keeps the message it was learnt from', async () => {
    const { owner, agent } = await agentWithMemories([]);
    const conversation = await ctx.db.one<{ id: number }>(
      "insert into conversations (user_id, wa_id) values ($1, '1555') returning id",
      [owner.userId],
    );
    const message = await ctx.db.one<{ id: number }>(
      `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
       values ($1, $2, 'wamid.1', 'inbound', 'customer', 'text', 'I have a dog', '{}', 'received', now())
       returning id`,
      [owner.userId, conversation.id],
    );
    const { memory } = await addMemory(ctx.db, {
      userId: owner.userId,
      agentId: agent.id,
      fromPhoneNumber: '1555',
      memory: 'Has a dog',
      sourceMessageId: Number(message.id),
    });
    const row = await ctx.db.one('select source_message_id from memories where id = $1', [memory.id]);
    expect(row).toEqual({ source_message_id: message.id });
  });

  it('refuses a blank memory and another owner’s agent', async () => {
    const { owner, agent } = await agentWithMemories([]);
    const stranger = await newOwner(ctx);
    const base = { agentId: agent.id, fromPhoneNumber: '1555', memory: 'x' };
    await expect(addMemory(ctx.db, { ...base, userId: owner.userId, memory: ' ' })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await expect(addMemory(ctx.db, { ...base, userId: stranger.userId })).rejects.toMatchObject({ statusCode: 404 });
    expect(await ctx.db.query('select 1 from memories where agent_id = $1', [agent.id])).toHaveLength(0);
  });
});

describe('the graph', () => {
  const entities = {
    nodes: [
      { label: 'Acme', type: 'organization' },
      { label: 'Widget', type: 'product' },
    ],
    edges: [
      { source: { label: 'Acme', type: 'organization' }, target: { label: 'Widget', type: 'product' }, label: 'sells' },
      {
        source: { label: ' Jane  Doe ', type: 'Person' },
        target: { label: 'Acme', type: 'organization' },
        label: 'works at',
      },
    ],
  };

  it('answers the agent’s nodes and edges with string ids', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await upsertGraph(ctx.db, { userId: owner.userId, agentId: agent.id, ...entities });
    const response = await call(ctx, owner, 'GET', `/agents/${agent.id}/graph`);
    expect(response.statusCode).toBe(200);
    const graph = response.json<AgentGraph>();
    expect(graph.nodes.map(({ label, type }) => ({ label, type }))).toEqual([
      { label: 'Acme', type: 'organization' },
      { label: 'Widget', type: 'product' },
      { label: 'Jane Doe', type: 'person' },
    ]);
    const id = (label: string) => graph.nodes.find((node) => node.label === label)?.id;
    expect(graph.nodes.every((node) => typeof node.id === 'string')).toBe(true);
    expect(graph.edges).toEqual([
      { id: expect.any(String), source: id('Acme'), target: id('Widget'), label: 'sells' },
      { id: expect.any(String), source: id('Jane Doe'), target: id('Acme'), label: 'works at' },
    ]);
  });

  it('answers an empty graph for an agent that knows nothing yet', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    expect((await call(ctx, owner, 'GET', `/agents/${agent.id}/graph`)).json()).toEqual({ nodes: [], edges: [] });
  });

  it('upserts idempotently: the same entities add no rows, a relation seen again gains weight', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const args = { userId: owner.userId, agentId: agent.id, ...entities };
    expect(await upsertGraph(ctx.db, args)).toEqual({ nodes: 3, edges: 2 });
    const before = (await call(ctx, owner, 'GET', `/agents/${agent.id}/graph`)).json<AgentGraph>();
    await upsertGraph(ctx.db, args);
    const after = (await call(ctx, owner, 'GET', `/agents/${agent.id}/graph`)).json<AgentGraph>();
    expect(after).toEqual(before);
    const weights = await ctx.db.query<{ weight: number }>(
      'select weight from graph_edges where agent_id = $1 order by id',
      [agent.id],
    );
    expect(weights.map((row) => row.weight)).toEqual([2, 2]);
  });

  it('writes nothing when one entity is invalid, and nothing into another owner’s agent', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const stranger = await newOwner(ctx);
    const broken = { ...entities, nodes: [...entities.nodes, { label: '  ', type: 'topic' }] };
    await expect(upsertGraph(ctx.db, { userId: owner.userId, agentId: agent.id, ...broken })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await expect(
      upsertGraph(ctx.db, { userId: stranger.userId, agentId: agent.id, ...entities }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await ctx.db.query('select 1 from graph_nodes where agent_id = $1', [agent.id])).toHaveLength(0);
  });
});
