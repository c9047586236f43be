import { createSecrets } from '../../../server/secrets';
import { agentApiKeyAad, maskApiKey, openAgentApiKey } from '../../../server/services/agents/api-keys';
import { AGENT_ERRORS } from '../../../contract';
import { agentBody, call, createAgent, newOwner, REAL_KEY } from '../support/agents-helpers';
import { useTestApp } from '../support/helpers';

const ctx = useTestApp();

type KeyRow = { id: number; user_id: number; api_key: string | null; api_key_hint: string | null };

function keyRow(agentId: number): Promise<KeyRow> {
  return ctx.db.one<KeyRow>('select id, user_id, api_key, api_key_hint from agents where id = $1', [agentId]);
}

describe('maskApiKey', () => {
  it('shows the first 3 and last 4 characters of a long key', () => {
    expect(maskApiKey('sk-abcdefghijklmnopqrstuvwxyz')).toBe('sk-…wxyz');
  });

  it('masks a short key entirely', () => {
    expect(maskApiKey('short-key')).toBe('••••••••');
    expect(maskApiKey('short-key')).not.toContain('key');
  });
});

describe('agent API keys at rest', () => {
  it('stores ciphertext that opens only with its own agent’s associated data', async () => {
    const owner = await newOwner(ctx);
    const first = await createAgent(ctx, owner);
    const second = await createAgent(ctx, owner, { api_key: 'sk-another-key-0000000000' });
    const row = await keyRow(first.id);
    expect(row.api_key).not.toBeNull();
    expect(row.api_key).not.toContain(REAL_KEY);
    expect(row.api_key).toMatch(/^v1\./);
    expect(row.api_key_hint).toBe('sk-…wxyz');

    expect(openAgentApiKey(ctx.app.secrets, row)).toBe(REAL_KEY);
    expect(openAgentApiKey(ctx.app, row)).toBe(REAL_KEY);
    // The same ciphertext copied into the second agent's row (or read as another owner's) does not open.
    expect(() => openAgentApiKey(ctx.app.secrets, { ...row, id: second.id })).toThrow(/does not decrypt/);
    expect(() => openAgentApiKey(ctx.app.secrets, { ...row, user_id: row.user_id + 1 })).toThrow(/does not decrypt/);
    expect(() => ctx.app.secrets.decrypt(row.api_key as string, agentApiKeyAad(owner.userId, second.id))).toThrow();
    // Nor with another master key.
    expect(() => openAgentApiKey(createSecrets(Buffer.alloc(32, 7)), row)).toThrow();
  });

  it('answers undefined for an agent without a key', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
    expect(openAgentApiKey(ctx.app.secrets, await keyRow(agent.id))).toBeUndefined();
  });

  it('never answers the real key, on any agent route', async () => {
    const owner = await newOwner(ctx);
    const created = await call(ctx, owner, 'POST', '/agents/', agentBody());
    const id = created.json().id as number;
    const responses = [
      created,
      await call(ctx, owner, 'GET', `/agents/${id}`),
      await call(ctx, owner, 'GET', '/agents/summary'),
      await call(ctx, owner, 'PUT', `/agents/${id}`, agentBody({ name: 'Renamed' })),
      await call(ctx, owner, 'PUT', `/agents/${id}/activate`),
      await call(ctx, owner, 'DELETE', `/agents/${id}`),
      await call(ctx, owner, 'PUT', `/agents/${id}`, { status: 'inactive' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeLessThan(300);
      expect(response.body).not.toContain(REAL_KEY);
      expect(response.body).not.toContain('abcdefghijklmnop');
    }
    expect(responses[1].json().api_key).toBe('sk-…wxyz');
  });
});

describe('updating the key', () => {
  it('keeps the stored key when the masked form is sent back', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const before = await keyRow(agent.id);
    const response = await call(
      ctx,
      owner,
      'PUT',
      `/agents/${agent.id}`,
      agentBody({ name: 'New', api_key: agent.api_key }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New', api_key: 'sk-…wxyz' });
    const after = await keyRow(agent.id);
    expect(after.api_key).toBe(before.api_key);
    expect(openAgentApiKey(ctx.app.secrets, after)).toBe(REAL_KEY);
  });

  it('keeps a short key when its full mask is sent back', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner, { api_key: 'tiny-key' });
    expect(agent.api_key).toBe('••••••••');
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ api_key: agent.api_key }));
    expect(response.statusCode).toBe(200);
    expect(openAgentApiKey(ctx.app.secrets, await keyRow(agent.id))).toBe('tiny-key');
  });

  it('replaces the key with a new one, sealed again', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(
      ctx,
      owner,
      'PUT',
      `/agents/${agent.id}`,
      agentBody({ api_key: 'sk-brand-new-key-99998888' }),
    );
    expect(response.json().api_key).toBe('sk-…8888');
    expect(openAgentApiKey(ctx.app.secrets, await keyRow(agent.id))).toBe('sk-brand-new-key-99998888');
  });

  it('refuses another agent’s masked form as a key', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(ctx, owner, 'PUT', `/agents/${agent.id}`, agentBody({ api_key: 'sk-…zzzz' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'api_key', detail: AGENT_ERRORS.apiKeyMasked });
    expect(openAgentApiKey(ctx.app.secrets, await keyRow(agent.id))).toBe(REAL_KEY);
  });

  it('removes the key when the agent moves to the local model with a blank key', async () => {
    const owner = await newOwner(ctx);
    const agent = await createAgent(ctx, owner);
    const response = await call(
      ctx,
      owner,
      'PUT',
      `/agents/${agent.id}`,
      agentBody({ model: 'local/knowledge-base', api_key: '' }),
    );
    expect(response.json().api_key).toBe('');
    expect(await keyRow(agent.id)).toMatchObject({ api_key: null, api_key_hint: null });
  });
});
