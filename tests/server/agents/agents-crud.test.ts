import { AGENT_ERRORS, type AgentDetail, type AgentSummary } from '../../../contract';
import {
  agentBody,
  call,
  createAgent,
  knowledgeCounts,
  newOwner,
  seedKnowledge,
  type Owner,
} from '../support/agents-helpers';
import { isTimestamp, useTestApp } from '../support/helpers';

const ctx = useTestApp();

async function statusOf(agentId: number): Promise<string> {
  return (await ctx.db.one<{ status: string }>('select status from agents where id = $1', [agentId])).status;
}

async function activeIds(owner: Owner): Promise<number[]> {
  const rows = await ctx.db.query<{ id: number }>("select id from agents where user_id = $1 and status = 'active'", [
    owner.userId,
  ]);
  return rows.map((row) => Number(row.id));
}

describe('POST /api/v1/agents/', () => {
  it('creates the owner’s first agent active and answers it with the masked key', async () => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'POST', '/agents/', agentBody({ name: '  Support agent  ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Support agent',
      description: 'Answers questions about orders',
      handover_message: '',
      voice_notes: 'ask_for_text',
      resume_after_minutes: 30,
      model: 'openai/gpt-4o-mini',
      system_prompt: 'You are a helpful assistant for Acme.',
      user_prompt: 'Answer the customer briefly.',
      api_key: 'sk-…wxyz',
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('also answers at /agents without the trailing slash', async () => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'POST', '/agents', agentBody());
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['name', AGENT_ERRORS.nameRequired],
    ['description', AGENT_ERRORS.descriptionRequired],
    ['model', AGENT_ERRORS.modelRequired],
    ['system_prompt', AGENT_ERRORS.systemPromptRequired],
    ['user_prompt', AGENT_ERRORS.userPromptRequired],
    ['api_key', AGENT_ERRORS.apiKeyRequired],
  ] as const)('refuses a blank %s with 422 and the field, storing nothing', async (field, detail) => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'POST', '/agents/', agentBody({ [field]: '   ' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail, field });
    const rows = await ctx.db.query('select 1 from agents where user_id = $1', [owner.userId]);
    expect(rows).toHaveLength(0);
  });

  it.each(['name', 'description', 'model', 'system_prompt', 'user_prompt', 'api_key'])(
    'refuses a missing %s with 422 and the field',
    async (field) => {
      const owner = await newOwner(ctx);
      const body: Record<string, unknown> = { ...agentBody() };
      delete body[field];
      const response = await call(ctx, owner, 'POST', '/agents/', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().field).toBe(field);
    },
  );

  it.each([
    ['name', 101],
    ['description', 1001],
    ['system_prompt', 20_001],
    ['user_prompt', 20_001],
    ['api_key', 501],
  ] as const)('refuses a %s longer than its limit', async (field, length) => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'POST', '/agents/', agentBody({ [field]: 'x'.repeat(length) }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field, detail: expect.stringContaining('must be at most') });
  });

  it('refuses a model that is not offered', async () => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'POST', '/agents/', agentBody({ model: 'openai/gpt-2' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'model', detail: AGENT_ERRORS.modelNotOffered });
  });

  it('accepts a blank API key for the local knowledge-base model only', async () => {
    const owner = await newOwner(ctx);
    const response = await call(
      ctx,
      owner,
      'POST',
      '/agents/',
      agentBody({ model: 'local/knowledge-base', api_key: '' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ model: 'local/knowledge-base', api_key: '' });
    const row = await ctx.db.one('select api_key, api_key_hint from agents where id = $1', [response.json().id]);
    expect(row).toEqual({ api_key: null, api_key_hint: null });
  });

  it('keeps an optional hand-over message, blank meaning the default, and refuses one too long', async () => {
    const owner = await newOwner(ctx);
    const plain = await createAgent(ctx, owner);
    expect(plain.handover_message).toBe('');
    const own = await createAgent(ctx, owner, { handover_message: '  Anna from the shop will answer soon.  ' });
    expect(own.handover_message).toBe('Anna from the shop will answer soon.');
    const edited = await call(ctx, owner, 'PUT', `/agents/${own.id}`, agentBody({ api_key: own.api_key }));
    expect(edited.json().handover_message).toBe('');
    const long = await call(ctx, owner, 'POST', '/agents/', agentBody({ handover_message: 'x'.repeat(1001) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().field).toBe('handover_message');
  });

  it('keeps what the agent does with a voice note it cannot listen to, and names the field when it is neither', async () => {
    const owner = await newOwner(ctx);
    const handing = await createAgent(ctx, owner, { voice_notes: 'hand_over' });
    expect(handing.voice_notes).toBe('hand_over');
    const row = await ctx.db.one('select voice_notes from agents where id = $1', [handing.id]);
    expect(row).toEqual({ voice_notes: 'hand_over' });
    const edited = await call(
      ctx,
      owner,
      'PUT',
      `/agents/${handing.id}`,
      agentBody({ api_key: handing.api_key, voice_notes: 'ask_for_text' }),
    );
    expect(edited.json().voice_notes).toBe('ask_for_text');
    const wrong = await call(ctx, owner, 'POST', '/agents/', agentBody({ voice_notes: 'transcribe' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ field: 'voice_notes', detail: AGENT_ERRORS.voiceNotesInvalid });
    const unchanged = await ctx.db.one('select voice_notes from agents where id = $1', [handing.id]);
    expect(unchanged).toEqual({ voice_notes: 'ask_for_text' });
  });

  it('refuses an owner whose email is not verified with 403 and the reason', async () => {
    const owner = await newOwner(ctx, false);
    const response = await call(ctx, owner, 'POST', '/agents/', agentBody());
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AGENT_ERRORS.verificationRequired);
    expect(await ctx.db.query('select 1 from agents where user_id = $1', [owner.userId])).toHaveLength(0);
  });

  it('creates later agents inactive, whatever status the body says, and leaves the active one as it is', async () => {
    const owner = await newOwner(ctx);
    const first = await createAgent(ctx, owner, { name: 'First' });
    const response = await call(ctx, owner, 'POST', '/agents/', { ...agentBody(), status: 'active' });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('inactive');
    expect(await activeIds(owner)).toEqual([first.id]);
    // Deleting every agent does not make the next one an owner's first.
    await call(ctx, owner, 'DELETE', `/agents/${first.id}`);
    expect((await call(ctx, owner, 'POST', '/agents/', agentBody())).json().status).toBe('inactive');
  });

  it('makes only one of two first agents created at once active', async () => {
    const owner = await newOwner(ctx);
    const created = await Promise.all([
      call(ctx, owner, 'POST', '/agents/', agentBody({ name: 'One' })),
      call(ctx, owner, 'POST', '/agents/', agentBody({ name: 'Two' })),
    ]);
    expect(created.map((response) => response.json().status).sort()).toEqual(['active', 'inactive']);
    expect(await activeIds(owner)).toHaveLength(1);
  });
});

describe('without a signed-in owner', () => {
  it.each([
    ['GET', '/agents/summary'],
    ['GET', '/agents/models'],
    ['POST', '/agents/'],
    ['GET', '/agents/1'],
    ['PUT', '/agents/1'],
    ['PUT', '/agents/1/activate'],
    ['DELETE', '/agents/1'],
    ['DELETE', '/agents/1/permanent'],
    ['GET', '/agents/1/memories'],
    ['POST', '/agents/1/memories/search?query=x'],
    ['PUT', '/agents/1/memories/1'],
    ['DELETE', '/agents/1/memories/1'],
    ['GET', '/agents/1/graph'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? { ...agentBody(), memory: 'x' } : undefined;
    const response = await ctx.app.inject({ method, url: `/api/v1${url}`, payload });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/agents/{id}', () => {
  it('answers the owner’s agent', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(ctx, owner, 'GET', `/agents/${agent.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(agent);
  });

  it('answers an unknown id with 404', async () => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'GET', '/agents/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(AGENT_ERRORS.agentNotFound);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('answers the id %s with 422 naming it', async (id) => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'GET', `/agents/${id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe('id');
  });
});

describe('another owner’s agent', () => {
  let stranger: Owner;
  let agent: AgentDetail;
  beforeAll(async () => {
    const owner = await newOwner(ctx);
    agent = await createAgent(ctx, owner);
    await seedKnowledge(ctx, owner, agent.id);
    stranger = await newOwner(ctx);
  });

  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['PUT', '/activate'],
    ['DELETE', ''],
    ['DELETE', '/permanent'],
    ['GET', '/memories'],
    ['POST', '/memories/search?query=email'],
    ['PUT', '/memories/1'],
    ['DELETE', '/memories/1'],
    ['GET', '/graph'],
  ] as const)('is 404 on %s /agents/{id}%s, like an unknown one, and stays untouched', async (method, suffix) => {
    const payload = method === 'PUT' ? (suffix === '' ? agentBody({ name: 'Taken' }) : { memory: 'x' }) : undefined;
    const response = await call(ctx, stranger, method, `/agents/${agent.id}${suffix}`, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(AGENT_ERRORS.agentNotFound);
    const row = await ctx.db.one<{ name: string; status: string }>('select name, status from agents where id = $1', [
      agent.id,
    ]);
    expect(row).toEqual({ name: 'Support agent', status: agent.status });
    expect((await knowledgeCounts(ctx, agent.id)).memories).toBe(1);
  });

  it('is 404 on the restore body too', async () => {
    const response = await call(ctx, stranger, 'PUT', `/agents/${agent.id}`, { status: 'inactive' });
    expect(response.statusCode).toBe(404);
  });

  it('is not in the stranger’s summary', async () => {
    const response = await call(ctx, stranger, 'GET', '/agents/summary');
    expect(response.json()).toEqual([]);
  });
});

describe('PUT /api/v1/agents/{id}', () => {
  it('replaces every field', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const next = agentBody({
      name: 'Sales',
      description: 'Sells',
      model: 'anthropic/claude-haiku-4-5',
      system_prompt: 'Be persuasive.',
      user_prompt: 'Offer the bundle.',
      api_key: 'sk-ant-0123456789abcdefghij',
    });
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, next);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...next, api_key: 'sk-…ghij', status: agent.status });
    const reread = await call(ctx, owner, 'GET', `/agents/${agent.id}`);
    expect(reread.json()).toMatchObject({ name: 'Sales', model: 'anthropic/claude-haiku-4-5' });
  });

  it.each(['name', 'description', 'model', 'system_prompt', 'user_prompt', 'api_key'] as const)(
    'refuses a blank %s with 422 and keeps the agent as it was',
    async (field) => {
      const owner = await newOwner(ctx);
      const agent = await createAgent(ctx, owner);
      const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ name: 'New', [field]: '' }));
      expect(response.statusCode).toBe(422);
      expect(response.json().field).toBe(field);
      expect((await call(ctx, owner, 'GET', `/agents/${agent.id}`)).json()).toEqual(agent);
    },
  );

  it('refuses a model that is not offered', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ model: 'nobody/nothing' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe('model');
  });

  it('refuses an owner whose email is no longer verified with 403', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await ctx.db.query('update users set is_verified = false where id = $1', [owner.userId]);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ name: 'Renamed' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AGENT_ERRORS.verificationRequired);
    expect((await ctx.db.one<{ name: string }>('select name from agents where id = $1', [agent.id])).name).toBe(
      'Support agent',
    );
  });

  it('refuses to edit a deleted agent until it is restored', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await call(ctx, owner, 'DELETE', `/agents/${agent.id}`);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ name: 'Renamed' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(AGENT_ERRORS.deletedCannotBeEdited);
  });

  it('refuses a status change other than restore', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, { status: 'active' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'status', detail: AGENT_ERRORS.restoreOnly });
    expect(await statusOf(agent.id)).toBe(agent.status);
  });
});

describe('GET /api/v1/agents/summary', () => {
  it('lists every agent of the owner with its counts, oldest first', async () => {
    const owner = await newOwner(ctx);
    const first = await createAgent(ctx, owner, { name: 'First' });
    const second = await createAgent(ctx, owner, { name: 'Second' });
    await seedKnowledge(ctx, owner, second.id);
    await call(ctx, owner, 'DELETE', `/agents/${first.id}`);
    const response = await call(ctx, owner, 'GET', '/agents/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json<AgentSummary[]>()).toEqual([
      { id: first.id, name: 'First', status: 'deleted', memories_count: 0, contexts_count: 0 },
      { id: second.id, name: 'Second', status: 'inactive', memories_count: 1, contexts_count: 1 },
    ]);
  });
});

describe('PUT /api/v1/agents/{id}/activate', () => {
  it('makes the agent the only active one, the previous one inactive', async () => {
    const owner = await newOwner(ctx);
    const a = await createAgent(ctx, owner, { name: 'A' });
    const b = await createAgent(ctx, owner, { name: 'B' });
    const first = await call(ctx, owner, 'PUT', `/agents/${a.id}/activate`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: a.id, status: 'active' });
    const second = await call(ctx, owner, 'PUT', `/agents/${b.id}/activate`);
    expect(second.json()).toMatchObject({ id: b.id, status: 'active' });
    expect(await activeIds(owner)).toEqual([b.id]);
    expect(await statusOf(a.id)).toBe('inactive');
  });

  it('leaves exactly one active agent when two activations race', async () => {
    const owner = await newOwner(ctx);
    const agents = await Promise.all([1, 2, 3].map((n) => createAgent(ctx, owner, { name: `Agent ${n}` })));
    const responses = await Promise.all(agents.map((agent) => call(ctx, owner, 'PUT', `/agents/${agent.id}/activate`)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const active = await activeIds(owner);
    expect(active).toHaveLength(1);
    expect(agents.map((agent) => agent.id)).toContain(active[0]);
  });

  it('does not touch another owner’s active agent', async () => {
    const owner = await newOwner(ctx);
    const other = await newOwner(ctx);
    const mine = await createAgent(ctx, owner);
    const theirs = await createAgent(ctx, other);
    await call(ctx, other, 'PUT', `/agents/${theirs.id}/activate`);
    await call(ctx, owner, 'PUT', `/agents/${mine.id}/activate`);
    expect(await statusOf(theirs.id)).toBe('active');
    expect(await statusOf(mine.id)).toBe('active');
  });

  it('refuses a deleted agent with 409', async () => {
    const owner = await newOwner(ctx);
    const active = await createAgent(ctx, owner);
    const deleted = await createAgent(ctx, owner);
    await call(ctx, owner, 'PUT', `/agents/${active.id}/activate`);
    await call(ctx, owner, 'DELETE', `/agents/${deleted.id}`);
    const response = await call(ctx, owner, 'PUT', `/agents/${deleted.id}/activate`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(AGENT_ERRORS.deletedCannotBeActivated);
    expect(await activeIds(owner)).toEqual([active.id]);
  });

  it('answers a non-integer id with 422', async () => {
    const owner = await newOwner(ctx);
    const response = await call(ctx, owner, 'PUT', '/agents/x/activate');
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe('id');
  });
});

describe('delete, restore and permanent delete', () => {
  it('soft deletes an active agent, leaving no agent active, and keeps its knowledge', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await seedKnowledge(ctx, owner, agent.id);
    await call(ctx, owner, 'PUT', `/agents/${agent.id}/activate`);
    const response = await call(ctx, owner, 'DELETE', `/agents/${agent.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const row = await ctx.db.one<{ status: string; deleted_at: Date | null }>(
      'select status, deleted_at from agents where id = $1',
      [agent.id],
    );
    expect(row.status).toBe('deleted');
    expect(isTimestamp(row.deleted_at)).toBe(true);
    expect(await activeIds(owner)).toEqual([]);
    expect((await knowledgeCounts(ctx, agent.id)).memories).toBe(1);
  });

  it('restores a deleted agent as inactive', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await call(ctx, owner, 'DELETE', `/agents/${agent.id}`);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, { status: 'inactive' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: agent.id, status: 'inactive', api_key: agent.api_key });
    const row = await ctx.db.one('select status, deleted_at from agents where id = $1', [agent.id]);
    expect(row).toEqual({ status: 'inactive', deleted_at: null });
  });

  it('restores without a verified email (only create and edit need one)', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await call(ctx, owner, 'DELETE', `/agents/${agent.id}`);
    await ctx.db.query('update users set is_verified = false where id = $1', [owner.userId]);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, { status: 'inactive' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses to restore an agent that is not deleted', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    await call(ctx, owner, 'PUT', `/agents/${agent.id}/activate`);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, { status: 'inactive' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(AGENT_ERRORS.notDeleted);
    expect(await statusOf(agent.id)).toBe('active');
  });

  it('permanently deletes the agent with its documents, contexts, memories and graph', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const kept = await createAgent(ctx, owner);
    const { documentId } = await seedKnowledge(ctx, owner, agent.id);
    await seedKnowledge(ctx, owner, kept.id);
    expect(await knowledgeCounts(ctx, agent.id)).toEqual({
      memories: 1,
      documents: 1,
      contexts: 1,
      graph_nodes: 2,
      graph_edges: 1,
    });
    await call(ctx, owner, 'DELETE', `/agents/${agent.id}`);
    const response = await call(ctx, owner, 'DELETE', `/agents/${agent.id}/permanent`);
    expect(response.statusCode).toBe(204);
    expect(await ctx.db.query('select 1 from agents where id = $1', [agent.id])).toHaveLength(0);
    expect(await knowledgeCounts(ctx, agent.id)).toEqual({
      memories: 0,
      documents: 0,
      contexts: 0,
      graph_nodes: 0,
      graph_edges: 0,
    });
    expect(await ctx.db.query('select 1 from document_files where document_id = $1', [documentId])).toHaveLength(0);
    expect((await knowledgeCounts(ctx, kept.id)).memories).toBe(1);
    const again = await call(ctx, owner, 'DELETE', `/agents/${agent.id}/permanent`);
    expect(again.statusCode).toBe(404);
  });
});
