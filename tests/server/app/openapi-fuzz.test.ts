import fc from 'fast-check';
import { CUSTOMER_TOKEN_HEADER } from '../../../server/sandbox/phone/customers';
import { agentBody, call, newOwner } from '../support/agents-helpers';
import { bearer, useTestApp } from '../support/helpers';
import { inbound, postWebhook, textMessage } from '../support/webhook-fixtures';
import { buildListeningSandboxApp, connectWhatsApp } from '../support/whatsapp-helpers';

/**
 * Every operation of the OpenAPI document, sent generated bad input — path parameters, queries,
 * bodies and content types a person or a script could send, signed in and not — must answer
 * without a server error. fast-check makes the requests (reproducible from the seed it prints on a
 * failure) and shrinks a failing one to its smallest form.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
};

interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string }[];
  jsonBody: Schema | undefined;
  /** Whether the document says it needs a bearer token. */
  signedIn: boolean;
}

interface Owner {
  token: string;
  agentId: number;
  conversationId: string;
  phoneNumberId: string;
}

interface FuzzRequest {
  signedIn: boolean;
  params: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: { contentType: string | undefined; payload: string } | undefined;
}

/** Enough to find what broke before within seconds; FUZZ_RUNS=1000 searches deeper. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
/** A failure printed by CI replays here: FUZZ_ONLY='POST /api/v1/…' FUZZ_SEED=… FUZZ_PATH=… */
const REPLAY = {
  only: process.env.FUZZ_ONLY,
  seed: process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED),
  path: process.env.FUZZ_PATH,
};
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Operation['parameters'] | undefined) ?? [],
        jsonBody: content?.['application/json']?.schema,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

/** A verified owner with WhatsApp connected, an agent and a conversation: real ids to aim at. */
async function ownerWithData(): Promise<Owner> {
  const owner = await newOwner(ctx);
  const { token } = owner;
  const { signup } = await connectWhatsApp(ctx.app, token);
  const agent = await call(ctx, owner, 'POST', '/agents', agentBody());
  const customer = textMessage();
  await postWebhook(ctx.app, JSON.stringify(inbound(signup.phone_number_id, [customer])));
  return {
    token,
    agentId: agent.json<{ id: number }>().id,
    conversationId: `${customer.from}@c.us`,
    phoneNumberId: signup.phone_number_id,
  };
}

/** Strings that have broken parsers, integer checks and SQL before. */
const NASTY_STRINGS = [
  '',
  ' ',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1',
  '0',
  '1.5',
  '0x10',
  '99999999999999999999',
  '9223372036854775808',
  'null',
  'true',
  '[]',
  '{}',
  "'; drop table users; --",
  '../../etc/passwd',
  '%',
  '\u202e',
  '2026-13-45',
  'a@',
  '😀'.repeat(50),
  'x'.repeat(5_000),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 63, '', [], {}, 'x'.repeat(100_000)),
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
);

/** Values of the schema's type most of the time, anything else otherwise. */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nastyJson;
  const alternatives = schema.anyOf ?? schema.oneOf;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  let typed: fc.Arbitrary<unknown>;
  if (alternatives) typed = fc.oneof(...alternatives.map((alternative) => valueOf(alternative, depth + 1)));
  else if (schema.enum) typed = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) typed = fc.constant(schema.const);
  else if (types.includes('object')) typed = objectOf(schema, depth);
  else if (types.includes('array')) typed = fc.array(valueOf(schema.items, depth + 1), { maxLength: 3 });
  else if (types.includes('integer')) typed = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53, 2 ** 63));
  else if (types.includes('number')) typed = fc.double();
  else if (types.includes('boolean')) typed = fc.boolean();
  else if (types.includes('string')) typed = fc.oneof(fc.string({ maxLength: 30 }), nastyString);
  else typed = nastyJson;
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: nastyJson });
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, valueOf(property, depth + 1)]),
  );
  return fc
    .tuple(
      fc.record(properties, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), nastyJson, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

function bodyOf(operation: Operation): fc.Arbitrary<FuzzRequest['body']> {
  const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });
  const raw = fc.record({
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=fuzz',
      'application/octet-stream',
    ),
    payload: fc.oneof(
      fc.constantFrom('{', '{"a":', '\ufeff{}', '[', 'null', '--fuzz\r\n\r\n--fuzz--', 'a=1&a=2&b'),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
  });
  return fc.oneof(
    { weight: 4, arbitrary: valueOf(operation.jsonBody).map(json) },
    { weight: 1, arbitrary: nastyJson.map(json) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestOf(operation: Operation, owner: Owner): fc.Arbitrary<FuzzRequest> {
  const realIds = [String(owner.agentId), owner.conversationId, owner.phoneNumberId, '1'];
  const pathValue = fc.oneof(fc.constantFrom(...realIds), nastyString);
  const params = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathValue] as const),
  );
  const declaredQuery = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const queryName = declaredQuery.length > 0 ? fc.oneof(fc.constantFrom(...declaredQuery), fc.string()) : fc.string();
  return fc.record({
    signedIn: fc.boolean(),
    params: fc.record(params),
    query: fc.array(fc.tuple(queryName, fc.oneof(fc.constantFrom(...realIds), nastyString)), { maxLength: 4 }),
    headers: fc.record(
      {
        [CUSTOMER_TOKEN_HEADER]: fc.oneof(fc.constant('fuzz-customer-phone-token-0123456789abcdef'), nastyString),
        authorization: fc.constantFrom('Bearer', 'Bearer x.y.z', 'Basic Zm9vOmJhcg=='),
      },
      { requiredKeys: [] },
    ),
    body: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method) ? bodyOf(operation) : fc.constant(undefined),
  });
}

function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(request.params[name] ?? ''),
  );
  const query = request.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

async function send(operation: Operation, owner: Owner, request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.signedIn) Object.assign(headers, bearer(owner.token));
  if (request.body?.contentType) headers['content-type'] = request.body.contentType;
  // Answered as a stream: an event stream that opens stays open, and only its status counts here.
  const response = await ctx.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation, request),
    headers,
    payload: request.body?.payload,
    payloadAsStream: true,
  });
  response.stream().destroy();
  return response;
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('documents every area of the API', () => {
    const paths = operationsOf(ctx.app.swagger() as never).map((operation) => operation.path);
    for (const area of ['/api/v1/auth/', '/api/v1/agents/', '/api/v1/messages/', '/api/v1/whatsapp/', '/sandbox/']) {
      expect(paths.some((path) => path.startsWith(area))).toBe(true);
    }
    expect(paths.length).toBeGreaterThanOrEqual(50);
  });

  it('answers 401 to every operation for a signed-in owner, before anything else; only the open ones are open', async () => {
    const operations = operationsOf(ctx.app.swagger() as never).filter((operation) =>
      operation.path.startsWith('/api/v1/'),
    );
    const open = operations.filter((operation) => !operation.signedIn).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(
      [
        'GET /api/v1/health',
        'GET /api/v1/users/check-email/{email}',
        'GET /api/v1/users/check-username/{username}',
        'GET /api/v1/whatsapp/webhook',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/password-reset/confirm',
        'POST /api/v1/auth/password-reset/request',
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/resend-verification',
        'POST /api/v1/auth/verify-email',
        'POST /api/v1/whatsapp/webhook',
      ].sort(),
    );
    for (const operation of operations.filter((o) => o.signedIn)) {
      const response = await ctx.app.inject({
        method: operation.method as 'GET',
        url: operation.path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(`${operation.method} ${operation.path} ${response.statusCode}`).toBe(
        `${operation.method} ${operation.path} 401`,
      );
    }
  });

  it(
    'answers generated bad input without a server error',
    async () => {
      const failures: string[] = [];
      const operations = operationsOf(ctx.app.swagger() as never).filter(
        (operation) => !REPLAY.only || `${operation.method} ${operation.path}` === REPLAY.only,
      );
      expect(operations.length).toBeGreaterThan(0);
      for (const operation of operations) {
        const owner = await ownerWithData();
        const result = await fc.check(
          fc.asyncProperty(requestOf(operation, owner), async (request) => {
            const response = await send(operation, owner, request);
            if (response.statusCode >= 500) {
              throw new Error(`${operation.method} ${urlOf(operation, request)} answered ${response.statusCode}`);
            }
          }),
          { numRuns: RUNS_PER_OPERATION, seed: REPLAY.seed, path: REPLAY.path },
        );
        if (result.failed)
          failures.push(
            `${String(result.errorInstance)} (FUZZ_ONLY='${operation.method} ${operation.path}' ` +
              `FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath}) ` +
              JSON.stringify(result.counterexample),
          );
      }
      expect(failures).toEqual([]);
    },
    RUNS_PER_OPERATION * 5_000,
  );
});
