import { loadConfig } from '../../../server/config';
import { newOwner } from '../support/agents-helpers';
import { bearer, buildTestApp, useTestApp } from '../support/helpers';

describe('AGENT_MODELS and OPENAI_COMPATIBLE_BASE_URL', () => {
  it('defaults to current models of each provider plus the local one', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.agentModels).toEqual(expect.arrayContaining(['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4-5']));
    expect(config.agentModels.at(-1)).toBe('local/knowledge-base');
    expect(config.openaiCompatibleBaseUrl).toBeUndefined();
  });

  it('reads a comma-separated list, trimmed and de-duplicated, always with the local model', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      AGENT_MODELS: ' openai/gpt-4.1 , ,openai/gpt-4.1,openai-compatible/qwen2.5:7b',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1/',
    });
    expect(config.agentModels).toEqual(['openai/gpt-4.1', 'openai-compatible/qwen2.5:7b', 'local/knowledge-base']);
    expect(config.openaiCompatibleBaseUrl).toBe('http://localhost:11434/v1');
  });

  it('does not list the local model twice', () => {
    const config = loadConfig({ NODE_ENV: 'test', AGENT_MODELS: 'local/knowledge-base,openai/gpt-4.1' });
    expect(config.agentModels).toEqual(['local/knowledge-base', 'openai/gpt-4.1']);
  });

  it('refuses an entry without a provider prefix, saying which', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AGENT_MODELS: 'openai/gpt-4.1,gpt-4o' })).toThrow(/'gpt-4o'/);
  });
});

describe('GET /api/v1/agents/models', () => {
  const ctx = useTestApp();

  it('answers the configured default list', async () => {
    const owner = await newOwner(ctx, false);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/agents/models',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(loadConfig({ NODE_ENV: 'test' }).agentModels);
    expect(response.json()).toContain('local/knowledge-base');
  });

  it('answers the AGENT_MODELS list, and only those models can be chosen', async () => {
    const agentModels = loadConfig({ NODE_ENV: 'test', AGENT_MODELS: 'anthropic/claude-haiku-4-5' }).agentModels;
    const app = await buildTestApp(ctx.db, { agentModels });
    try {
      const owner = await newOwner({ app, db: ctx.db });
      const models = await app.inject({ method: 'GET', url: '/api/v1/agents/models', headers: bearer(owner.token) });
      expect(models.json()).toEqual(['anthropic/claude-haiku-4-5', 'local/knowledge-base']);
      const body = {
        name: 'A',
        description: 'B',
        system_prompt: 'C',
        user_prompt: 'D',
        api_key: 'sk-0123456789abcdef',
      };
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/agents/',
        headers: bearer(owner.token),
        payload: { ...body, model: 'openai/gpt-4o-mini' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().field).toBe('model');
      const accepted = await app.inject({
        method: 'POST',
        url: '/api/v1/agents/',
        headers: bearer(owner.token),
        payload: { ...body, model: 'anthropic/claude-haiku-4-5' },
      });
      expect(accepted.statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('needs a signed-in owner', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/agents/models' });
    expect(response.statusCode).toBe(401);
  });
});
