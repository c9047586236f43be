import type { Conversation, Escalation } from '../../../contract';
import { asksForPerson, detectPersonRequest } from '../../../server/services/replies/handover-phrases';
import { DEFAULT_HANDOVER_MESSAGE, HANDOVER_REASONS, resumedReason } from '../../../server/services/inbox/ownership';
import { agentBody } from '../support/agents-helpers';
import { bearer, useTestApp } from '../support/helpers';
import { reply } from '../support/inbox-fixtures';
import {
  conversationOf,
  customerReceived,
  customerWrites,
  drain,
  escalationsOf,
  handback,
  lastUserText,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  replyCalls,
  restoreModels,
} from '../support/replies-helpers';

const ctx = useTestApp((db) => repliesApp(db));
afterEach(() => restoreModels(ctx.app));

const ASKS_FOR_A_PERSON = [
  'talk to a human',
  'I want to talk to a real person',
  'agent please',
  'can I speak to someone?',
  'Can I speak with a representative',
  'connect me to an agent',
  'transfer me to a human',
  'I need a human',
  'real person please',
  'Is there a person I can talk to?',
  'human!',
  'Let me talk to your manager',
  'I’d like to speak to customer service',
  'put me through to someone',
  'I want a real human, not a bot',
  'get me a person',
  'operator',
  'Stop the bot, I want a person',
  'speak to an actual person please',
  'Please let me chat with a live agent',
  'representative please',
  'I need to speak with someone about my order',
  'Can I reach a human?',
  'Quiero hablar con una persona',
  'quero falar com um atendente',
  'je veux parler à quelqu’un',
  'Ich möchte mit einem Menschen sprechen',
  'Kann ich mit einem Mitarbeiter sprechen?',
  '¿Puedo hablar con alguien?',
  'Je voudrais parler à un conseiller',
  'Can I speak to the owner please?',
  "this is ridiculous, I've asked three times, get me someone who can actually help",
  'let me talk to ur receptionist',
  'Can I speak to the dentist?',
  'quiero hablar con el encargado por favor',
  'Quero falar com o dentista',
  'Je voudrais parler au dentiste',
  'Ich möchte mit der Rezeption sprechen',
  'Vorrei parlare con una persona',
  'Kan ik met iemand spreken?',
  'my face is swelling up since last night and it really hurts',
  'my gum is bleeding a lot',
  'This is an emergency',
  "I'm in so much pain",
  'Es una urgencia, tengo la cara hinchada',
  "I've asked you this three times!!",
  'you are not helping',
];

const NEAR_MISSES = [
  'the human body',
  'is this a real product?',
  'Are you a travel agent?',
  'Does the cream work on human skin?',
  'I spoke to someone yesterday about my order',
  'Is this real leather?',
  'Someone stole my package',
  'Do you need a person to sign for the delivery?',
  'I talked to the person at the store',
  'Is the agent discount still available?',
  'The human resources department called',
  'Can you speak Spanish?',
  'Tell me about your customer service hours',
  'How many people fit in the tent?',
  'My agent will pick it up',
  'Real talk, how much is shipping?',
  'My friend is a real person who loves bikes',
  'Can my manager pick up the bike for me?',
  'I will talk to the staff at the store',
  'My husband is a travel agent, he booked the room',
  'The staff were lovely yesterday',
  'Do your agents speak German?',
  'is this a bot? just curious',
  'do you do emergency appointments?',
  'does whitening hurt?',
  'Is there swelling after an extraction?',
  'Is the dentist available on Friday?',
  'How much is a check-up with the doctor?',
  'The receptionist was lovely',
  'What if my gums bleed after cleaning?',
  'posso parlare con voi in inglese?',
  'kunnen we spreken met elkaar in het Engels?',
];

describe('asking for a person', () => {
  it.each(ASKS_FOR_A_PERSON)('“%s” hands over', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each(NEAR_MISSES)('“%s” does not', (text) => {
    expect(asksForPerson(text)).toBe(false);
  });

  it('records why it decided', () => {
    expect(detectPersonRequest('Can I talk to a real person?')).toEqual({
      asks: true,
      reason: 'asked for a person (talk to a person: “talk to a real person”)',
      need: 'person',
    });
    expect(detectPersonRequest('It is an emergency!')).toEqual({
      asks: true,
      reason: 'asked for a person (urgent: “It is an emergency”)',
      need: 'urgent',
    });
    expect(detectPersonRequest('My friend is a real person who loves bikes')).toEqual({
      asks: false,
      reason: 'mentions “person” without asking for one',
    });
    expect(detectPersonRequest('How much is a tune-up?')).toEqual({ asks: false, reason: 'no request for a person' });
  });

  it('covers at least twenty phrasings', () => {
    expect(ASKS_FOR_A_PERSON.length).toBeGreaterThanOrEqual(20);
  });
});

describe('hand-over and hand-back', () => {
  it.each([
    ['my face is swelling up since last night and it really hurts', HANDOVER_REASONS.urgent],
    ["this is ridiculous, I've asked you three times", HANDOVER_REASONS.upset],
  ])('hands “%s” over at once, saying why: %s', async (text, reason) => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('The AI should not answer this.');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text });
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(0);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ reason, kind: 'customer_asked', customer_message: text }),
    ]);
  });

  it('hands over without asking the model, tells the customer once, and shows under the bell', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('The AI should not answer this.');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Can I talk to a human please?' });
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(0);
    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text)).toEqual([
      DEFAULT_HANDOVER_MESSAGE,
    ]);
    const escalations = await escalationsOf(ctx, owner);
    expect(escalations).toEqual([
      {
        id: expect.any(Number),
        conversation_id: `${customer}@c.us`,
        customer_name: 'Sheena Nelson',
        reason: HANDOVER_REASONS.customerAsked,
        kind: 'customer_asked',
        created_at: expect.any(String),
        resolved_at: null,
        customer_message: 'Can I talk to a human please?',
      },
    ]);
    // The list's 'Needs you' row says what the customer asked, not the acknowledgement sent after it.
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({
      owner: 'human',
      needs_you: true,
      ai_replying: false,
      last_message: DEFAULT_HANDOVER_MESSAGE,
      customer_message: 'Can I talk to a human please?',
    });

    // Asking again while the owner has it: no second notice, no second bell entry, no AI answer.
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'agent please' });
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'What time do you close?' });
    await drain(ctx.app);
    expect(await customerReceived(ctx.db, owner, customer)).toHaveLength(1);
    expect(await escalationsOf(ctx, owner)).toHaveLength(1);
    expect(replyCalls(model)).toHaveLength(0);
  });

  it('the owner replies by hand, hands back, and the AI answers the next question', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('We close at six.');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'real person please' });
    await drain(ctx.app);
    expect(await escalationsOf(ctx, owner)).toHaveLength(1);

    const manual = await reply(ctx.app, owner.token, customer, { text: 'Hi, Ana here. How can I help?' });
    expect(manual.statusCode).toBe(201);
    // Answered by hand: the bell no longer counts it, the conversation stays the owner's.
    expect(await escalationsOf(ctx, owner)).toEqual([]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: false });

    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/escalations?status=all',
      headers: bearer(owner.token),
    });
    expect(all.json<Escalation[]>().map((item) => [item.kind, item.resolved_at === null])).toEqual([
      ['customer_asked', false],
    ]);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/escalations?status=closed',
      headers: bearer(owner.token),
    });
    expect(wrong.statusCode).toBe(422);

    const back = await handback(ctx, owner.token, `${customer}@c.us`);
    expect(back.statusCode).toBe(200);
    expect(back.json<Conversation>()).toMatchObject({
      id: `${customer}@c.us`,
      name: 'Sheena Nelson',
      owner: 'ai',
      needs_you: false,
      ai_replying: false,
    });

    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'What time do you close?' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);
    expect((await customerReceived(ctx.db, owner, customer)).at(-1)).toMatchObject({
      text: 'We close at six.',
      context_wamid: asked,
    });
  });

  it('a reply by hand keeps the AI out of the conversation until handed back', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'First question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);

    expect((await reply(ctx.app, owner.token, customer, { text: 'Let me help you myself.' })).statusCode).toBe(201);
    const change = await ctx.db.one<{ owner: string; owner_reason: string; kinds: string[] }>(
      `select c.owner, c.owner_reason,
              array(select kind from escalations e where e.conversation_id = c.id and e.resolved_at is not null) as kinds
         from conversations c where c.user_id = $1 and c.wa_id = $2`,
      [owner.userId, customer],
    );
    expect(change).toEqual({ owner: 'human', owner_reason: HANDOVER_REASONS.manualReply, kinds: ['manual_reply'] });
    expect(await escalationsOf(ctx, owner)).toEqual([]);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Second question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);
  });

  /** The owner's take-over and their messages in `customer`'s conversation, moved `minutes` into the past. */
  async function ownerSilentFor(owner: Awaited<ReturnType<typeof ownerWithAgent>>, customer: string, minutes: number) {
    await ctx.db.query(
      `update conversations set owner_changed_at = now() - make_interval(mins => $3) where user_id = $1 and wa_id = $2`,
      [owner.userId, customer, minutes],
    );
    await ctx.db.query(
      `update messages m set sent_at = now() - make_interval(mins => $3)
         from conversations c where c.id = m.conversation_id and c.user_id = $1 and c.wa_id = $2 and m.sender = 'human'`,
      [owner.userId, customer, minutes],
    );
  }

  it('the AI answers again once the owner has been silent for the agent’s resume time (30 minutes by default)', async () => {
    const owner = await ownerWithAgent(ctx);
    expect(owner.agent.resume_after_minutes).toBe(30);
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'First question' });
    await drain(ctx.app);
    expect((await reply(ctx.app, owner.token, customer, { text: 'Let me help you myself.' })).statusCode).toBe(201);

    // Silent for 20 minutes: still the owner's.
    await ownerSilentFor(owner, customer, 20);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Second question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human' });

    // Silent for 31 minutes: the AI answers the next question, and the list says it answers.
    await ownerSilentFor(owner, customer, 31);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Third question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(2);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'ai', needs_you: false });
    const { owner_reason: reason } = await ctx.db.one<{ owner_reason: string }>(
      'select owner_reason from conversations where user_id = $1 and wa_id = $2',
      [owner.userId, customer],
    );
    expect(reason).toBe(resumedReason(30));
  });

  it('answers what the customer asked last when it takes over again, not what was left to the owner', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you repair e-bikes?' });
    await drain(ctx.app);
    await reply(ctx.app, owner.token, customer, { text: 'Yes, bring it in any time.' });
    await ownerSilentFor(owner, customer, 20);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Can I bring it on Saturday morning?' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);

    await ownerSilentFor(owner, customer, 31);
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'What does a new chain cost?' });
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(2);
    const answered = lastUserText(replyCalls(model)[1]);
    expect(answered).toContain('What does a new chain cost?');
    expect(answered).not.toContain('Saturday');
    expect((await customerReceived(ctx.db, owner, customer)).at(-1)).toEqual({
      wamid: expect.any(String),
      text: 'AI answer',
      context_wamid: asked,
    });
  });

  it('never resumes with the setting off, nor while a customer waits for a person', async () => {
    const never = await ownerWithAgent(ctx, { resume_after_minutes: null });
    expect(never.agent.resume_after_minutes).toBeNull();
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, never, customer, { text: 'First question' });
    await drain(ctx.app);
    await reply(ctx.app, never.token, customer, { text: 'Let me help you myself.' });
    await ownerSilentFor(never, customer, 3 * 24 * 60);
    await customerWrites(ctx.app, ctx.db, never, customer, { text: 'Still there?' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);

    const waiting = await ownerWithAgent(ctx);
    const asking = newCustomer();
    await customerWrites(ctx.app, ctx.db, waiting, asking, { text: 'Can I talk to a real person please?' });
    await drain(ctx.app);
    expect(await conversationOf(ctx, waiting, asking)).toMatchObject({ owner: 'human', needs_you: true });
    await ownerSilentFor(waiting, asking, 120);
    await customerWrites(ctx.app, ctx.db, waiting, asking, { text: 'What are your opening hours?' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);
    expect(await conversationOf(ctx, waiting, asking)).toMatchObject({ owner: 'human', needs_you: true });
  });

  it('refuses a resume time that is not whole minutes from 5 to 10080 with 422 on resume_after_minutes', async () => {
    const owner = await ownerWithAgent(ctx);
    for (const value of [0, 4, 10_081, 12.5, '30 minutes', true]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/agents/${owner.agent.id}`,
        headers: bearer(owner.token),
        payload: { ...agentBody(), resume_after_minutes: value },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ field: 'resume_after_minutes' });
    }
  });

  it('a request for a person after a reply by hand still raises Needs you and the bell, and is acknowledged once', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'First question' });
    await drain(ctx.app);
    expect((await reply(ctx.app, owner.token, customer, { text: 'Let me help you myself.' })).statusCode).toBe(201);
    expect(await escalationsOf(ctx, owner)).toEqual([]);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Can I talk to a real person please?' });
    await drain(ctx.app);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ reason: HANDOVER_REASONS.customerAsked }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
    const acknowledged = (await customerReceived(ctx.db, owner, customer)).filter(
      (row) => row.text === DEFAULT_HANDOVER_MESSAGE,
    );
    expect(acknowledged).toHaveLength(1);

    // Asked again while the hand-over is open: nothing new for either of them, and the AI stays out.
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hello? I want to speak to a human' });
    await drain(ctx.app);
    expect(await escalationsOf(ctx, owner)).toHaveLength(1);
    expect(
      (await customerReceived(ctx.db, owner, customer)).filter((row) => row.text === DEFAULT_HANDOVER_MESSAGE),
    ).toHaveLength(1);
    expect(replyCalls(model)).toHaveLength(1);
  });

  it('hand-back answers 404 for another owner’s conversation, an unknown one and a malformed id', async () => {
    const owner = await ownerWithAgent(ctx);
    const stranger = await ownerWithAgent(ctx);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'talk to a human' });
    await drain(ctx.app);

    for (const id of [`${customer}@c.us`, `${newCustomer()}@c.us`, 'not-a-conversation']) {
      const response = await handback(ctx, stranger.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'conversation_not_found' });
    }
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
    const unauthenticated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer}%40c.us/handback`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('take over silences the AI without a reply by hand, answers an open hand-over, and hand-back ends it', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('AI answer');
    ctx.app.replies.languageModel = () => model;
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'First question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);
    await ctx.db.query(
      `insert into escalations (user_id, conversation_id, reason, kind)
       select user_id, id, 'Nothing in the documents answers this.', 'no_knowledge' from conversations
        where user_id = $1 and wa_id = $2`,
      [owner.userId, customer],
    );

    const takeover = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer}@c.us/takeover`,
      headers: bearer(owner.token),
    });
    expect(takeover.statusCode).toBe(200);
    expect(takeover.json<Conversation>()).toMatchObject({ owner: 'human', needs_you: false });
    expect(await escalationsOf(ctx, owner)).toEqual([]);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Second question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(1);

    expect((await handback(ctx, owner.token, `${customer}@c.us`)).statusCode).toBe(200);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Third question' });
    await drain(ctx.app);
    expect(replyCalls(model)).toHaveLength(2);
  });

  it('take over answers 404 for another owner’s conversation', async () => {
    const [owner, stranger] = [await ownerWithAgent(ctx), await ownerWithAgent(ctx)];
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hello' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer}@c.us/takeover`,
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(404);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'ai' });
  });

  it('hand-back of a conversation the AI already has changes nothing', async () => {
    const owner = await ownerWithAgent(ctx);
    ctx.app.replies.languageModel = () => mockModel('Hello!');
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hello' });
    await drain(ctx.app);
    const response = await handback(ctx, owner.token, `${customer}@c.us`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Conversation>()).toMatchObject({ owner: 'ai', needs_you: false });
  });

  it('lists open hand-overs newest first', async () => {
    const owner = await ownerWithAgent(ctx);
    const first = newCustomer();
    const second = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, first, { text: 'human please' });
    await drain(ctx.app);
    await customerWrites(ctx.app, ctx.db, owner, second, { text: 'Can I speak to someone?', name: null });
    await drain(ctx.app);
    const listed = await escalationsOf(ctx, owner);
    expect(listed.map((item) => [item.conversation_id, item.customer_name])).toEqual([
      [`${second}@c.us`, `${second}@c.us`],
      [`${first}@c.us`, 'Sheena Nelson'],
    ]);
  });
});
