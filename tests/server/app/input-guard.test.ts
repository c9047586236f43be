import type { ErrorBody } from '../../../contract';
import { INPUT_ERRORS, MAX_JSON_DEPTH } from '../../../server/plugins/input-guard';
import { agentBody, call, newOwner } from '../support/agents-helpers';
import { bearer, newAccount, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';

/** Text the database cannot hold (a NUL, half a surrogate pair) is a 422 on its field, from any route. */

const ctx = useTestApp();

function expectRefused(response: { statusCode: number; json: <T>() => T }, field: string) {
  expect(response.statusCode).toBe(422);
  expect(response.json<ErrorBody>()).toEqual({
    detail: `${field} contains a character that cannot be stored.`,
    message: `${field} contains a character that cannot be stored.`,
    code: 'validation_failed',
    field,
  });
}

describe('text the database cannot hold', () => {
  it('is refused on the field that holds it, in a body, a query or a path, and nothing is stored', async () => {
    const owner = await newOwner(ctx);
    expectRefused(await call(ctx, owner, 'POST', '/agents', agentBody({ name: 'Night\u0000shift' })), 'name');
    expectRefused(
      await call(ctx, owner, 'POST', '/agents', agentBody({ description: 'half \ud83d of it' })),
      'description',
    );
    const agents = await ctx.db.query('select 1 from agents where user_id = $1', [owner.userId]);
    expect(agents).toHaveLength(0);

    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/messages/conversations?q=a%00b',
      headers: bearer(owner.token),
    });
    expectRefused(search, 'q');
    const path = await ctx.app.inject({ method: 'GET', url: '/api/v1/agents/1%00', headers: bearer(owner.token) });
    expectRefused(path, 'id');
  });

  it('is refused before anything else, also on public routes', async () => {
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: newAccount({ first_name: 'Ann\u0000' }),
    });
    expectRefused(register, 'first_name');
  });

  it('lets every other character through, emoji and accents included', async () => {
    const owner = await newOwner(ctx);
    const created = await call(ctx, owner, 'POST', '/agents', agentBody({ name: 'Zoë 🍞 helper' }));
    expect(created.statusCode).toBe(201);
    expect(created.json<{ name: string }>().name).toBe('Zoë 🍞 helper');
  });
});

describe('deeply nested JSON', () => {
  function nested(depth: number): string {
    return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  }

  it('is refused with a 400 before any login, however deep, and the server stays up', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 4_000, 100_000]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: nested(depth),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({ detail: INPUT_ERRORS.tooDeep, code: 'too_deep' });
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('passes nesting within the cap on to validation', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: nested(MAX_JSON_DEPTH - 1),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('numbers that are not finite', () => {
  it('are a 422 on their field in a path or a query, never a statement', async () => {
    const owner = await newOwner(ctx);
    const cases: [string, string, string][] = [
      ['GET', '/api/v1/agents/Infinity', 'id'],
      ['GET', '/api/v1/agents/-Infinity/contexts', 'id'],
      ['GET', '/api/v1/agents/1e309/memories', 'id'],
      ['GET', '/api/v1/messages/conversations?limit=Infinity', 'limit'],
      ['POST', '/api/v1/documents/upload/context?agent_id=Infinity', 'agent_id'],
    ];
    for (const [method, url, field] of cases) {
      const response = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(owner.token) });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>()).toMatchObject({ detail: INPUT_ERRORS.notFinite(field), field });
    }
  });

  it('are a 422 on their field in a JSON body, nested or not, the sandbox phone included', async () => {
    const owner = await newOwner(ctx);
    const cases: [string, Record<string, string>, string, string][] = [
      [
        '/api/v1/messages/conversations/15550001111@c.us/template',
        bearer(owner.token),
        '{"template_id": "Infinity", "body_values": []}',
        'template_id',
      ],
      [
        '/sandbox/phone/location',
        SANDBOX_CUSTOMER,
        '{"phone_number_id": "1", "name": "Ana", "phone_number": "15550001111", "latitude": "-Infinity", "longitude": 2}',
        'latitude',
      ],
    ];
    for (const [url, headers, payload, field] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>()).toMatchObject({ detail: INPUT_ERRORS.notFinite(field), field });
    }
  });

  it('and ids beyond what a bigint holds are a 422 on their field', async () => {
    const owner = await newOwner(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/agents/99999999999999999999/contexts',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({ field: 'id', code: 'validation_failed' });
  });
});
