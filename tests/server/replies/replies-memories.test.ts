import { LOCAL_KNOWLEDGE_MODEL, type AgentGraph } from '../../../contract';
import { extractEntitiesOffline, extractFactsOffline } from '../../../server/services/replies/memory-patterns';
import { bearer, useTestApp } from '../support/helpers';
import {
  customerWrites,
  drain,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  restoreModels,
  textResult,
  type AgentOwner,
} from '../support/replies-helpers';

const ctx = useTestApp((db) => repliesApp(db));
afterEach(() => restoreModels(ctx.app));

const LOCAL = { model: LOCAL_KNOWLEDGE_MODEL, api_key: '' };

async function memoriesOf(owner: AgentOwner, customer: string) {
  return ctx.db.query<{ memory: string; kind: string | null; source: string | null }>(
    `select m.memory, m.kind, s.wamid as source from memories m left join messages s on s.id = m.source_message_id
      where m.user_id = $1 and m.agent_id = $2 and m.from_phone_number = $3 order by m.id`,
    [owner.userId, owner.agent.id, `+${customer}`],
  );
}

async function graphOf(owner: AgentOwner): Promise<AgentGraph> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/agents/${owner.agent.id}/graph`,
    headers: bearer(owner.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<AgentGraph>();
}

function edgesOf(graph: AgentGraph): string[] {
  const label = (id: string) => graph.nodes.find((node) => node.id === id)?.label;
  return graph.edges.map((edge) => `${label(edge.source)} -${edge.label}-> ${label(edge.target)}`).sort();
}

describe('the offline patterns', () => {
  it('find a name, an email, order numbers and stated preferences', () => {
    expect(
      extractFactsOffline(
        "Hi, my name is sheena nelson. My email is Sheena@Example.com and my order number is #A-1234. I'd rather have it delivered after 6pm.",
      ),
    ).toEqual([
      { kind: 'name', memory: 'Name: Sheena Nelson' },
      { kind: 'email', memory: 'Email: sheena@example.com' },
      { kind: 'order', memory: 'Order #A-1234' },
      { kind: 'preference', memory: 'Prefers it delivered after 6pm' },
    ]);
  });

  it('take nothing from an ordinary question', () => {
    expect(extractFactsOffline("I'm looking for running shoes, what sizes do you have?")).toEqual([]);
    expect(extractFactsOffline('Where is my order?')).toEqual([]);
    expect(extractFactsOffline('this is great!')).toEqual([]);
    expect(extractFactsOffline("It's broken.")).toEqual([]);
  });

  it('find a phone number, never an order number', () => {
    expect(extractFactsOffline('You can reach me on my mobile: +49 151 2345 6789')).toEqual([
      { kind: 'phone', memory: 'Phone: +49 151 2345 6789' },
    ]);
    expect(extractFactsOffline('my order number is 12345678')).toEqual([{ kind: 'order', memory: 'Order #12345678' }]);
  });

  it('find where the customer lives and what they own, with the place and the product typed', () => {
    const message = 'I ride a blue Gazelle city bike and live in Altona';
    expect(extractFactsOffline(message)).toEqual([
      { kind: 'address', memory: 'Lives in Altona' },
      { kind: 'product', memory: 'Owns a blue Gazelle city bike' },
    ]);
    expect(extractEntitiesOffline(message)).toEqual([
      { label: 'Altona', type: 'place' },
      { label: 'Gazelle city bike', type: 'product' },
    ]);
    expect(extractFactsOffline('I moved to Ottensen')).toEqual([{ kind: 'address', memory: 'Lives in Ottensen' }]);
    expect(extractFactsOffline('My address is 12 Harbour Street, Altona')).toEqual([
      { kind: 'address', memory: 'Address: 12 Harbour Street, Altona' },
    ]);
    expect(extractFactsOffline('I have a Brompton M6L')).toEqual([{ kind: 'product', memory: 'Owns a Brompton M6L' }]);
    expect(extractFactsOffline('I have a question about my order')).toEqual([]);
  });

  it('find problems with what the customer has, not a bare complaint', () => {
    expect(extractFactsOffline('Hi, my chain keeps slipping.')).toEqual([
      { kind: 'problem', memory: 'Problem: my chain keeps slipping' },
    ]);
    expect(extractFactsOffline('There is a problem with my rear wheel')).toEqual([
      { kind: 'problem', memory: 'Problem: a problem with my rear wheel' },
    ]);
    expect(extractFactsOffline('Mein Akku ist kaputt.')).toEqual([
      { kind: 'problem', memory: 'Problem: Mein Akku ist kaputt' },
    ]);
  });

  it.each([
    ['de', 'Ich heiße Jonas und wohne in Eimsbüttel.', 'Jonas', 'Eimsbüttel'],
    ['de', 'Mein Name ist Jonas Weber. Ich bin nach Ottensen gezogen.', 'Jonas Weber', 'Ottensen'],
    ['es', 'Me llamo Lucía y vivo en Triana.', 'Lucía', 'Triana'],
    ['es', 'Soy Lucía. Me mudé a Sevilla.', 'Lucía', 'Sevilla'],
    ['pt', 'Chamo-me João e moro em Alfama.', 'João', 'Alfama'],
    ['pt', 'O meu nome é João. Mudei-me para o Porto.', 'João', 'Porto'],
    ['fr', "Je m'appelle Claire, j'habite à Lyon.", 'Claire', 'Lyon'],
    ['fr', 'Je suis Claire. J’ai déménagé à Nantes.', 'Claire', 'Nantes'],
  ])('find a name and an area in %s: %s', (_language, message, name, area) => {
    expect(extractFactsOffline(message)).toEqual([
      { kind: 'name', memory: `Name: ${name}` },
      { kind: 'address', memory: `Lives in ${area}` },
    ]);
    expect(extractEntitiesOffline(message)).toContainEqual({ label: area, type: 'place' });
  });

  it('type a shop and a club as organisations, not persons', () => {
    expect(extractEntitiesOffline('I bought it at Elbe Cycles and ride with the Altona Riders')).toEqual([
      { label: 'Elbe Cycles', type: 'organization' },
      { label: 'Altona Riders', type: 'organization' },
    ]);
    expect(extractEntitiesOffline('Soy Ana.')).toEqual([]);
  });

  it('tell a name from the words around it', () => {
    expect(extractFactsOffline("I'm Marta.")).toEqual([{ kind: 'name', memory: 'Name: Marta' }]);
    expect(extractFactsOffline('Hello, this is Rui Costa from Porto')).toEqual([
      { kind: 'name', memory: 'Name: Rui Costa' },
    ]);
    expect(extractFactsOffline('my name is ana and I want a refund')).toEqual([{ kind: 'name', memory: 'Name: Ana' }]);
  });
});

describe('memories after each message', () => {
  it('are stored once, linked to their message, and a changed email replaces the old one', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    const first = await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'Hello, my name is Sheena Nelson and my email is sheena@example.com',
    });
    await drain(ctx.app);
    expect(await memoriesOf(owner, customer)).toEqual([
      { memory: 'Name: Sheena Nelson', kind: 'name', source: first },
      { memory: 'Email: sheena@example.com', kind: 'email', source: first },
    ]);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Again: my email is SHEENA@example.com' });
    await drain(ctx.app);
    expect(await memoriesOf(owner, customer)).toHaveLength(2);

    const changed = await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'Please use my new email sheena.nelson@example.org',
    });
    await drain(ctx.app);
    expect(await memoriesOf(owner, customer)).toEqual([
      { memory: 'Name: Sheena Nelson', kind: 'name', source: first },
      { memory: 'Email: sheena.nelson@example.org', kind: 'email', source: changed },
    ]);
  });

  it('keep every order, each once', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Where is order #A-1234?' });
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'And order B-77, please' });
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'order #a-1234 again' });
    await drain(ctx.app);
    expect((await memoriesOf(owner, customer)).map((row) => row.memory)).toEqual(['Order #A-1234', 'Order #B-77']);
  });

  it('are extracted by structured output with a real model, the same fact stored once', async () => {
    const owner = await ownerWithAgent(ctx);
    const extraction = {
      facts: [
        { kind: 'name', memory: 'Name: Rui Costa' },
        { kind: 'problem', memory: 'The Deluxe Kettle arrived broken' },
      ],
      entities: [{ label: 'Deluxe Kettle', type: 'product' }],
    };
    const model = mockModel(async (options) =>
      options.tools?.length
        ? textResult('Sorry to hear that!')
        : textResult(JSON.stringify(options.responseFormat?.type === 'json' ? extraction : {})),
    );
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    const message = await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'Rui here, my deluxe kettle arrived broken',
      name: 'Rui Costa',
    });
    await drain(ctx.app);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Still broken!', name: 'Rui Costa' });
    await drain(ctx.app);

    expect(await memoriesOf(owner, customer)).toEqual([
      { memory: 'Name: Rui Costa', kind: 'name', source: message },
      { memory: 'The Deluxe Kettle arrived broken', kind: 'problem', source: message },
    ]);
    const extractionCall = model.doGenerateCalls.find((call) => !call.tools?.length);
    expect(JSON.stringify(extractionCall?.prompt)).toContain('Rui here, my deluxe kettle arrived broken');
  });
});

describe('the graph from conversations', () => {
  it('joins the customer to what they mention, merged by normalised name', async () => {
    const owner = await ownerWithAgent(ctx);
    let entities = [{ label: 'Deluxe Kettle', type: 'product' }];
    ctx.app.replies.languageModel = () =>
      mockModel(async (options) =>
        options.tools?.length ? textResult('Noted.') : textResult(JSON.stringify({ facts: [], entities })),
      );
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'About my kettle', name: 'Rui Costa' });
    await drain(ctx.app);
    entities = [
      { label: 'deluxe  kettle', type: 'Product' },
      { label: 'a-99', type: 'order' },
    ];
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'and order a-99', name: 'Rui Costa' });
    await drain(ctx.app);

    const graph = await graphOf(owner);
    const customerLabel = `Rui Costa (+${customer})`;
    expect(graph.nodes.map((node) => [node.label, node.type]).sort()).toEqual(
      [
        [customerLabel, 'customer'],
        ['Deluxe Kettle', 'product'],
        ['Order #A-99', 'order'],
      ].sort(),
    );
    expect(edgesOf(graph)).toEqual([
      `${customerLabel} -asked about-> Deluxe Kettle`,
      `${customerLabel} -placed-> Order #A-99`,
    ]);
    const weight = await ctx.db.one<{ weight: number }>(
      `select e.weight from graph_edges e join graph_nodes n on n.id = e.target_id
        where e.agent_id = $1 and n.label = 'Deluxe Kettle'`,
      [owner.agent.id],
    );
    expect(weight.weight).toBe(2);
  });

  it('offline: a new area replaces the old one in the memories and in the graph', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'I ride a blue Gazelle city bike and live in Altona',
    });
    await drain(ctx.app);
    const customerLabel = `Sheena Nelson (+${customer})`;
    expect((await memoriesOf(owner, customer)).map(({ memory, kind }) => [kind, memory])).toEqual([
      ['address', 'Lives in Altona'],
      ['product', 'Owns a blue Gazelle city bike'],
    ]);
    expect(edgesOf(await graphOf(owner))).toEqual([
      `${customerLabel} -lives in-> Altona`,
      `${customerLabel} -owns-> Gazelle city bike`,
    ]);

    const moved = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'I moved to Ottensen' });
    await drain(ctx.app);
    expect(await memoriesOf(owner, customer)).toEqual([
      { memory: 'Lives in Ottensen', kind: 'address', source: moved },
      { memory: 'Owns a blue Gazelle city bike', kind: 'product', source: expect.any(String) },
    ]);
    const graph = await graphOf(owner);
    expect(edgesOf(graph)).toEqual([
      `${customerLabel} -lives in-> Ottensen`,
      `${customerLabel} -owns-> Gazelle city bike`,
    ]);
    const types = Object.fromEntries(graph.nodes.map((node) => [node.label, node.type]));
    expect(types).toMatchObject({ Ottensen: 'place', 'Gazelle city bike': 'product', [customerLabel]: 'customer' });
  });

  it('offline: a shop and a club the customer names are organisations', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'I bought it at Elbe Cycles and ride with the Altona Riders',
    });
    await drain(ctx.app);
    const graph = await graphOf(owner);
    expect(graph.nodes.filter((node) => node.type !== 'customer').map((node) => [node.label, node.type])).toEqual([
      ['Elbe Cycles', 'organization'],
      ['Altona Riders', 'organization'],
    ]);
    expect(graph.nodes.some((node) => node.type === 'person')).toBe(false);
  });

  it('offline: order numbers and names from the customer’s words', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'My order #Z-500 from Harbour Street Shop' });
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'order z-500 is late' });
    await drain(ctx.app);
    const graph = await graphOf(owner);
    expect(graph.nodes.filter((node) => node.type === 'order').map((node) => node.label)).toEqual(['Order #Z-500']);
    expect(graph.nodes.filter((node) => node.type === 'customer').map((node) => node.label)).toEqual([
      `Sheena Nelson (+${customer})`,
    ]);
    expect(edgesOf(graph)).toContain(`Sheena Nelson (+${customer}) -placed-> Order #Z-500`);
  });
});
