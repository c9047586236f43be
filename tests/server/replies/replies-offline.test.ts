import crypto from 'node:crypto';
import { generateText, tool } from 'ai';
import { z } from 'zod';
import { LOCAL_KNOWLEDGE_MODEL } from '../../../contract';
import type { Db } from '../../../server/db/client';
import type { Turn } from '../../../server/services/replies/follow-ups';
import {
  answerFromKnowledge,
  knowledgeBaseModel,
  knowledgeRequest,
  type KnowledgePassage,
} from '../../../server/services/replies/knowledge-base-model';
import { PHRASES } from '../../../server/services/replies/phrasing';
import { sentencesOf } from '../../../server/services/replies/sentences';
import type { PhoneMessageSent, Thread } from '../../../server/sandbox/phone/service';
import { HANDOVER_REASONS } from '../../../server/services/inbox/ownership';
import { uploadAndIngest } from '../support/documents-helpers';
import { SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import {
  conversationOf,
  customerReceived,
  customerWrites,
  drain,
  escalationsOf,
  messagesIn,
  newCustomer,
  ownerWithAgent,
  repliesApp,
} from '../support/replies-helpers';

const ctx = useTestApp((db) => repliesApp(db));

const SHOP_GUIDE = [
  'Opening hours',
  '',
  'Our shop at 12 Harbour Street is open from 9am to 6pm, Monday to Saturday. On Sundays we are closed.',
  '',
  'Delivery',
  '',
  'We deliver across Portugal within 3 working days. Delivery is free for orders over 50 euros; smaller orders pay a flat fee of 4.90 euros.',
  '',
  'Returns',
  '',
  'Unworn shoes can be returned within 30 days with the receipt for a full refund. Sale items cannot be returned.',
].join('\n');

const LOCAL = { model: LOCAL_KNOWLEDGE_MODEL, api_key: '' };

describe('local/knowledge-base, offline', () => {
  it('answers a question from an uploaded document, briefly, quoting the customer', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const document = await uploadAndIngest(ctx, owner, owner.agent.id, 'shop-guide.txt', Buffer.from(SHOP_GUIDE));
    expect(document.status).toBe('ready');
    const customer = newCustomer();
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'What are your opening hours?' });
    await drain(ctx.app);

    const received = await customerReceived(ctx.db, owner, customer);
    expect(received).toEqual([
      {
        wamid: expect.any(String),
        text: 'Our shop at 12 Harbour Street is open from 9am to 6pm, Monday to Saturday.',
        context_wamid: asked,
      },
    ]);
    const answer = (await messagesIn(ctx, owner, customer)).at(-1);
    expect(answer).toMatchObject({ sender: 'ai', in_reply_to_message_id: asked });
    expect(answer?.sources?.contexts).toEqual([
      expect.objectContaining({ document_name: 'shop-guide.txt', excerpt: expect.stringContaining('Opening hours') }),
    ]);
    expect(answer?.sources?.memories).toEqual([]);
  });

  it('answers a customer on the sandbox phone, as a reply to their question in their thread', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    await uploadAndIngest(ctx, owner, owner.agent.id, 'shop-guide.txt', Buffer.from(SHOP_GUIDE));
    const phone = `+1 650 777 ${crypto.randomInt(1000, 10_000)}`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/messages',
      headers: SANDBOX_CUSTOMER,
      payload: {
        phone_number_id: owner.phoneNumberId,
        name: 'Marta',
        phone_number: phone,
        text: 'Can I return sale items?',
      },
    });
    expect(sent.statusCode).toBe(201);
    const { id, wa_id: waId } = sent.json<PhoneMessageSent>();
    await drain(ctx.app);

    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${owner.phoneNumberId}&wa_id=${waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json<Thread>().messages.at(-1)).toMatchObject({
      from: 'business',
      text: 'Sorry Marta, no. Sale items cannot be returned.',
      context: { id, from: 'customer', text: 'Can I return sale items?' },
    });
  });

  it('answers a customer who hid their number behind a username, through their BSUID', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    await uploadAndIngest(ctx, owner, owner.agent.id, 'shop-guide.txt', Buffer.from(SHOP_GUIDE));
    const phone = `+1 650 778 ${crypto.randomInt(1000, 10_000)}`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/messages',
      headers: SANDBOX_CUSTOMER,
      payload: {
        phone_number_id: owner.phoneNumberId,
        name: 'Marta',
        phone_number: phone,
        username: 'marta.k',
        text: 'Can I return sale items?',
      },
    });
    expect(sent.statusCode).toBe(201);
    const { id, wa_id: waId } = sent.json<PhoneMessageSent>();
    await drain(ctx.app);

    const conversation = await ctx.db.one<{ wa_id: string }>('select wa_id from conversations where user_id = $1', [
      owner.userId,
    ]);
    expect(conversation.wa_id).toMatch(/^US\./);
    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${owner.phoneNumberId}&wa_id=${waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(thread.json<Thread>().messages.at(-1)).toMatchObject({
      from: 'business',
      text: 'Sorry Marta, no. Sale items cannot be returned.',
      context: { id, from: 'customer' },
    });
  });

  it('greets a greeting by the customer’s name', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hi there!' });
    await drain(ctx.app);
    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text)).toEqual([
      'Hello Sheena! How can I help you today?',
    ]);
  });

  it('tells the customer when nothing answers, notifies the owner, and keeps answering', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    await uploadAndIngest(ctx, owner, owner.agent.id, 'shop-guide.txt', Buffer.from(SHOP_GUIDE));
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you repair bicycles?' });
    await drain(ctx.app);

    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text)).toEqual([
      PHRASES.en.notFound('Sheena'),
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({
        conversation_id: `${customer}@c.us`,
        customer_name: 'Sheena Nelson',
        kind: 'no_knowledge',
        reason: HANDOVER_REASONS.noKnowledge,
        resolved_at: null,
      }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'ai', needs_you: true });

    // The AI still has the conversation: the customer's thanks and next question are answered.
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Thanks, that’s helpful!' });
    await drain(ctx.app);
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'How much is delivery?' });
    await drain(ctx.app);
    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text).slice(1)).toEqual([
      PHRASES.en.smallTalk.thanks('Sheena'),
      'Delivery is free for orders over 50 euros; smaller orders pay a flat fee of 4.90 euros.',
    ]);
    expect(await escalationsOf(ctx, owner)).toHaveLength(1);
  });
});

describe('the offline answer', () => {
  const passages = [{ id: 7, text: SHOP_GUIDE }];
  const ask = (question: string, more: { passages?: KnowledgePassage[]; history?: Turn[]; name?: string } = {}) =>
    knowledgeRequest(ctx.db as Db, {
      question,
      customerName: more.name ?? null,
      passages: more.passages ?? passages,
      history: more.history ?? [],
    }).then(answerFromKnowledge);

  it('answers with the sentence that answers, fact first, no heading, no unrelated sentence', async () => {
    expect(await ask('How much is delivery?')).toEqual({
      kind: 'text',
      text: 'Delivery is free for orders over 50 euros; smaller orders pay a flat fee of 4.90 euros.',
      contextIds: [7],
      unanswered: false,
      language: 'en',
    });
    expect(await ask('What are your opening hours?')).toMatchObject({
      text: 'Our shop at 12 Harbour Street is open from 9am to 6pm, Monday to Saturday.',
    });
  });

  it('says yes or no when the question asks for one, with the customer’s name', async () => {
    expect(await ask('Are you open on Sundays?', { name: 'Ana Costa' })).toMatchObject({
      text: 'Sorry Ana, no. Our shop at 12 Harbour Street is open from 9am to 6pm, Monday to Saturday. On Sundays we are closed.',
    });
    expect(await ask('Can I return unworn shoes?')).toMatchObject({
      text: expect.stringMatching(/^Yes! Unworn shoes can be returned within 30 days/),
    });
  });

  it('greets, thanks and says goodbye without quoting anything', async () => {
    for (const greeting of ['Hello', 'good morning!', 'hey there']) {
      expect(await ask(greeting)).toMatchObject({ text: 'Hello! How can I help you today?', contextIds: [] });
    }
    for (const thanks of ['Thanks!', 'Thanks, that’s helpful!', 'thank you so much']) {
      expect(await ask(thanks)).toMatchObject({ text: PHRASES.en.smallTalk.thanks(undefined), unanswered: false });
    }
    expect(await ask('Bye, have a nice day')).toMatchObject({ text: PHRASES.en.smallTalk.goodbye(undefined) });
    expect(await ask('Hi, I’m Jonas!')).toMatchObject({ text: PHRASES.en.smallTalk.introduction('Jonas') });
  });

  it('answers the question after an introduction by the name given', async () => {
    expect(await ask('Hi, I’m Jonas. Can I return sale items?')).toMatchObject({
      text: 'Sorry Jonas, no. Sale items cannot be returned.',
    });
  });

  it('tells the customer plainly when nothing answers, marking it unanswered', async () => {
    expect(await ask('What is the weather in Lisbon?')).toMatchObject({
      text: PHRASES.en.notFound(undefined),
      contextIds: [],
      unanswered: true,
    });
    expect(await ask('Where is the shop?', { passages: [] })).toMatchObject({ unanswered: true });
    // A statement that matches nothing is acknowledged, not reported as a question.
    expect(await ask('My friend is a real person who loves bikes')).toMatchObject({
      text: PHRASES.en.statement(undefined),
      unanswered: false,
    });
  });

  it('resolves a follow-up against the question before it', async () => {
    const history: Turn[] = [
      { from: 'customer', text: 'Do you deliver to Porto?' },
      { from: 'business', text: 'We deliver across Portugal within 3 working days.' },
    ];
    expect(await ask('How much does it cost?', { history })).toMatchObject({
      text: 'Delivery is free for orders over 50 euros; smaller orders pay a flat fee of 4.90 euros.',
    });
  });

  it('hands over a request for a person', async () => {
    expect(await ask('Can I talk to a real person?')).toEqual({
      kind: 'handover',
      reason: HANDOVER_REASONS.customerAsked,
    });
  });

  it('leaves headings out of what it quotes', () => {
    expect(sentencesOf(SHOP_GUIDE)).not.toContain('Opening hours');
    expect(sentencesOf(SHOP_GUIDE)).toContain('On Sundays we are closed.');
  });

  it.each([
    ['Root canals are done by Dr. Patel on Tuesdays.', 'Cleanings take 30 minutes.'],
    ['We are on St. Mary Street, room No. 5.', 'Parking is free.'],
    ['Die Praxis von Dr. Weber liegt z. B. nahe am Bahnhof.', 'Wir haben montags geöffnet.'],
    ['La Dra. Gómez atiende los lunes.', 'Aceptamos tarjetas.'],
    ['Founded by J. Smith in 1990.', 'Do we open on Sundays?', 'No.', 'We rest.'],
  ])('does not end a sentence at an abbreviation or an initial: “%s”', (...sentences) => {
    expect(sentencesOf(sentences.join(' '))).toEqual(sentences);
  });

  it('runs as an AI SDK language model, reporting an unanswered question in its metadata', async () => {
    const request = await knowledgeRequest(ctx.db as Db, {
      question: 'Do you sell bicycles?',
      customerName: null,
      passages,
      history: [],
    });
    const result = await generateText({
      model: knowledgeBaseModel(request),
      prompt: 'Do you sell bicycles?',
      tools: { escalate_to_human: tool({ inputSchema: z.object({ reason: z.string() }) }) },
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe(PHRASES.en.notFound(undefined));
    expect(result.providerMetadata?.knowledgeBase).toMatchObject({ contextIds: [], unanswered: true, language: 'en' });
  });
});
