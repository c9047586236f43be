import { INBOX_LIMITS } from '../../../contract';
import { asOneMessage } from '../../../server/services/replies/one-message';
import { useTestApp } from '../support/helpers';
import {
  customerReceived,
  customerWrites,
  drain,
  messagesIn,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  restoreModels,
} from '../support/replies-helpers';

/**
 * One AI answer is one WhatsApp message (issue 28, item 6): each message is billed on its own, so an
 * answer is never sent as several bubbles, and one longer than WhatsApp's 4,096 characters is
 * shortened to fit rather than split.
 */

const ctx = useTestApp((db) => repliesApp(db));

afterEach(() => restoreModels(ctx.app));

const SENTENCE = 'Our opening hours are nine to five on weekdays, and ten to two on Saturdays. ';

describe('the reply pipeline: one answer, one message', () => {
  it('sends an answer of several paragraphs as one message, whole', async () => {
    const owner = await ownerWithAgent(ctx);
    const answer = 'Yes, we deliver.\n\nOn weekdays from 9 to 5.\n\nOn Saturdays from 10 to 2.';
    ctx.app.replies.languageModel = () => mockModel(answer);
    const customer = newCustomer();

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you deliver?' });
    await drain(ctx.app);

    expect((await customerReceived(ctx.db, owner, customer)).map((sent) => sent.text)).toEqual([answer]);
    expect((await messagesIn(ctx, owner, customer)).filter((message) => message.sender === 'ai')).toHaveLength(1);
  });

  it("shortens an answer longer than WhatsApp's limit to one message that ends on a whole sentence", async () => {
    const owner = await ownerWithAgent(ctx);
    const answer = SENTENCE.repeat(120).trim();
    expect(answer.length).toBeGreaterThan(2 * INBOX_LIMITS.maxReplyLength);
    ctx.app.replies.languageModel = () => mockModel(answer);
    const customer = newCustomer();

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'When are you open?' });
    await drain(ctx.app);

    const received = await customerReceived(ctx.db, owner, customer);
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent.text.length).toBeLessThanOrEqual(INBOX_LIMITS.maxReplyLength);
    expect(sent.text).toMatch(/Saturdays\.…$/);
    expect(answer.startsWith(sent.text.slice(0, -1))).toBe(true);
    expect((await messagesIn(ctx, owner, customer)).filter((message) => message.sender === 'ai')).toHaveLength(1);
  });
});

describe('asOneMessage', () => {
  it('leaves a text that fits as it is', () => {
    expect(asOneMessage('Hello there.', 12)).toBe('Hello there.');
  });

  it('cuts at the last whole word when no sentence ends late enough', () => {
    expect(asOneMessage('one two three four five six', 16)).toBe('one two three…');
  });

  it('cuts at the last sentence that fits', () => {
    expect(asOneMessage('First one. Second one. Third sentence here.', 30)).toBe('First one. Second one.…');
  });

  it('never keeps half of a surrogate pair', () => {
    const text = `${'a'.repeat(8)}😀😀😀`;
    const shortened = asOneMessage(text, 10);
    expect(shortened.length).toBeLessThanOrEqual(10);
    expect(shortened).toBe(`${'a'.repeat(8)}…`);
  });
});
