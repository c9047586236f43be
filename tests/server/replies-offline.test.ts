import crypto from 'node:crypto';
import { generateText, tool } from 'ai';
import { z } from 'zod';
import { LOCAL_KNOWLEDGE_MODEL } from '../../contract';
import {
  ANSWER_PREFIX,
  answerFromKnowledge,
  coverage,
  contentTerms,
  knowledgeBaseModel,
  MIN_COVERAGE,
  sentencesOf,
} from '../../server/services/replies/knowledge-base-model';
import type { PhoneMessageSent, Thread } from '../../server/sandbox/phone/service';
import { DEFAULT_HANDOVER_MESSAGE, HANDOVER_REASONS } from '../../server/services/replies/ownership';
import { uploadAndIngest } from './documents-helpers';
import { SANDBOX_CUSTOMER, useTestApp } from './helpers';
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
} from './replies-helpers';

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
        text: `${ANSWER_PREFIX} Our shop at 12 Harbour Street is open from 9am to 6pm, Monday to Saturday.`,
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
      text: `${ANSWER_PREFIX} Sale items cannot be returned.`,
      context: { id, from: 'customer', text: 'Can I return sale items?' },
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

  it('hands an unrelated question over to the owner, telling the customer once', async () => {
    const owner = await ownerWithAgent(ctx, LOCAL);
    await uploadAndIngest(ctx, owner, owner.agent.id, 'shop-guide.txt', Buffer.from(SHOP_GUIDE));
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you repair bicycles?' });
    await drain(ctx.app);

    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text)).toEqual([
      DEFAULT_HANDOVER_MESSAGE,
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({
        conversation_id: `${customer}@c.us`,
        customer_name: 'Sheena Nelson',
        kind: 'no_knowledge',
        reason: HANDOVER_REASONS.noKnowledge,
      }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });

    // While the owner has it, the next question gets no answer from the AI (and no second notice).
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hello?' });
    await drain(ctx.app);
    expect(await customerReceived(ctx.db, owner, customer)).toHaveLength(1);
    expect(await escalationsOf(ctx, owner)).toHaveLength(1);
  });
});

describe('the offline answer', () => {
  const passages = [{ id: 7, text: SHOP_GUIDE }];

  it('quotes the one or two best sentences, never a whole passage', () => {
    expect(answerFromKnowledge({ question: 'How much is delivery?', customerName: null, passages })).toEqual({
      kind: 'text',
      text: `${ANSWER_PREFIX} We deliver across Portugal within 3 working days. Delivery is free for orders over 50 euros; smaller orders pay a flat fee of 4.90 euros.`,
      contextIds: [7],
    });
    expect(answerFromKnowledge({ question: 'Can I return sale items?', customerName: null, passages })).toEqual({
      kind: 'text',
      text: `${ANSWER_PREFIX} Sale items cannot be returned.`,
      contextIds: [7],
    });
  });

  it('greets and thanks without quoting anything', () => {
    for (const greeting of ['Hello', 'good morning!', 'Hola', 'hey there']) {
      expect(answerFromKnowledge({ question: greeting, customerName: null, passages })).toEqual({
        kind: 'text',
        text: 'Hello! How can I help you today?',
        contextIds: [],
      });
    }
    expect(answerFromKnowledge({ question: 'Thanks!', customerName: null, passages })).toMatchObject({
      kind: 'text',
      contextIds: [],
    });
  });

  it('hands over below the coverage threshold, and answers at it', () => {
    // 'weather', 'lisbon': neither is in the guide.
    expect(answerFromKnowledge({ question: 'What is the weather in Lisbon?', customerName: null, passages })).toEqual({
      kind: 'handover',
      reason: HANDOVER_REASONS.noKnowledge,
    });
    // 'deliver', 'spain': one of two content words matches: exactly the threshold.
    const terms = contentTerms('Do you deliver to Spain?');
    expect(terms).toEqual(['deliver', 'spain']);
    expect(coverage(terms, 'We deliver across Portugal within 3 working days.')).toBe(MIN_COVERAGE);
    expect(answerFromKnowledge({ question: 'Do you deliver to Spain?', customerName: null, passages }).kind).toBe(
      'text',
    );
    // 'repair', 'shoe', 'heel': one of three is below it.
    expect(coverage(contentTerms('Do you repair shoe heels?'), 'Unworn shoes can be returned.')).toBeLessThan(
      MIN_COVERAGE,
    );
    expect(answerFromKnowledge({ question: 'Do you repair shoe heels?', customerName: null, passages }).kind).toBe(
      'handover',
    );
    expect(answerFromKnowledge({ question: 'Where is the shop?', customerName: null, passages: [] }).kind).toBe(
      'handover',
    );
  });

  it('leaves headings out of what it quotes', () => {
    expect(sentencesOf(SHOP_GUIDE)).not.toContain('Opening hours');
    expect(sentencesOf(SHOP_GUIDE)).toContain('On Sundays we are closed.');
  });

  it('runs as an AI SDK language model, calling the hand-over tool when nothing matches', async () => {
    const model = knowledgeBaseModel({ question: 'Do you sell bicycles?', customerName: null, passages });
    const result = await generateText({
      model,
      prompt: 'Do you sell bicycles?',
      tools: { escalate_to_human: tool({ inputSchema: z.object({ reason: z.string() }) }) },
    });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['escalate_to_human', { reason: HANDOVER_REASONS.noKnowledge }],
    ]);
  });
});
