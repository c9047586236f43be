import { MAX_CRASHES } from '../../../server/jobs/execute';
import { DEFAULT_MAX_ATTEMPTS } from '../../../server/jobs/queue';
import { exponentialBackoffMs } from '../../../server/jobs/runner';
import { HANDOVER_REASONS } from '../../../server/services/inbox/ownership';
import { runReply } from '../../../server/services/replies/pipeline';
import type { GraphClient } from '../../../server/services/whatsapp/graph-client';
import {
  GraphError,
  graphErrorFrom,
  GraphOutsideWindow,
  GraphUnavailable,
  sendFailureKind,
} from '../../../server/services/whatsapp/graph-errors';
import { ShuttingDown } from '../../../server/shutdown';
import { useTestApp } from '../support/helpers';
import {
  conversationOf,
  customerReceived,
  customerWrites,
  drain,
  escalationsOf,
  messagesIn,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  replyCalls,
  replyDeps,
  restoreModels,
  type AgentOwner,
} from '../support/replies-helpers';

/**
 * Issue 36, item 2: no customer's message goes unanswered without someone being told. A send cut
 * short is handed over (never sent again), a passing Graph failure is retried by the job with its
 * backoff and then handed over, a refusal is handed over at once.
 */

const ctx = useTestApp((db) => repliesApp(db));

let restoreGraph: (() => void) | undefined;
afterEach(() => {
  restoreGraph?.();
  restoreGraph = undefined;
  restoreModels(ctx.app);
});

/** Graph answers the sends with these failures, one per send, then as the simulator does; counts the sends. */
function sendsFail(...failures: Error[]): { sends: () => number } {
  const graph = ctx.app.whatsapp.graph;
  const send = graph.sendText.bind(graph);
  let sends = 0;
  const failing: GraphClient['sendText'] = async (...args) => {
    sends += 1;
    const failure = failures.shift();
    if (failure) throw failure;
    return send(...args);
  };
  graph.sendText = failing;
  restoreGraph = () => Reflect.deleteProperty(graph, 'sendText');
  return { sends: () => sends };
}

const unreachable = () => new GraphUnavailable('Graph could not be reached', 'network');
const serverError = () => new GraphError({ message: '(#131000) Something went wrong', code: 131000 }, 500);

async function replyJobOf(wamid: string) {
  return ctx.db.one<{ status: string; attempts: number; last_error: string | null; due_in_ms: number }>(
    `select status, attempts, last_error,
            (extract(epoch from (run_at - now())) * 1000)::float8 as due_in_ms
       from jobs where key = $1`,
    [`reply:${wamid}`],
  );
}

/** The reply's backoff has passed: the retried job is due now. */
async function backoffPasses(wamid: string) {
  await ctx.db.query(`update jobs set run_at = now() where key = $1 and status = 'pending'`, [`reply:${wamid}`]);
}

async function attemptOf(owner: AgentOwner, wamid: string) {
  return ctx.db.one<{ state: string }>('select state from reply_attempts where user_id = $1 and wamid = $2', [
    owner.userId,
    wamid,
  ]);
}

describe('a reply cut short while sending', () => {
  it('hands over with “may not have reached the customer”, tells the owner and sends nothing again', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    const model = mockModel('Should not go out.');
    ctx.app.replies.languageModel = () => model;
    const { sends } = sendsFail();
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Is the shop open?' });
    // A previous run recorded 'sending' and its process died before 'sent' (the job runs again).
    const conversation = await ctx.db.one<{ id: number }>(
      `update conversations set ai_replying_since = now() where user_id = $1 and wa_id = $2 returning id`,
      [owner.userId, customer],
    );
    await ctx.db.query(
      "insert into reply_attempts (user_id, conversation_id, wamid, state) values ($1, $2, $3, 'sending')",
      [owner.userId, conversation.id, asked],
    );

    await drain(ctx.app);

    expect(sends()).toBe(0);
    expect(replyCalls(model)).toHaveLength(0);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'send_uncertain', reason: HANDOVER_REASONS.sendUncertain }),
    ]);
    expect(HANDOVER_REASONS.sendUncertain).toBe("The AI's answer may not have reached the customer.");
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({
      owner: 'human',
      needs_you: true,
      ai_replying: false,
    });
    expect(await attemptOf(owner, asked)).toEqual({ state: 'handed_over' });
    expect(await replyJobOf(asked)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands over after the shutdown cut its send short, when the job runs again after the restart', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    ctx.app.replies.languageModel = () => mockModel('Yes, we ship to Porto.');
    const { sends } = sendsFail(new ShuttingDown());
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you ship to Porto?' });
    const stored = await ctx.db.one<{ id: number; conversation_id: number }>(
      'select id, conversation_id from messages where user_id = $1 and wamid = $2',
      [owner.userId, asked],
    );

    const interrupted = runReply(replyDeps(ctx.app), {
      userId: owner.userId,
      conversationId: Number(stored.conversation_id),
      messageId: Number(stored.id),
      wamid: asked,
    });
    await expect(interrupted).rejects.toBeInstanceOf(ShuttingDown);
    expect(await attemptOf(owner, asked)).toEqual({ state: 'sending' });
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'ai', ai_replying: false });

    // The queued job is the run after the restart.
    await drain(ctx.app);

    expect(sends()).toBe(1);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'send_uncertain', reason: HANDOVER_REASONS.sendUncertain }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
  });

  it('hands over when the reply job’s runs ended their process twice, whether or not it was sending', async () => {
    const owner = await ownerWithAgent(ctx);
    const model = mockModel('Should not go out.');
    ctx.app.replies.languageModel = () => model;
    const { sends } = sendsFail();

    const writing = newCustomer();
    const whileWriting = await customerWrites(ctx.app, ctx.db, owner, writing, { text: 'Do you deliver?' });
    const sending = newCustomer();
    const whileSending = await customerWrites(ctx.app, ctx.db, owner, sending, { text: 'Do you ship abroad?' });
    const conversation = await ctx.db.one<{ id: number }>(
      'select id from conversations where user_id = $1 and wa_id = $2',
      [owner.userId, sending],
    );
    await ctx.db.query(
      "insert into reply_attempts (user_id, conversation_id, wamid, state) values ($1, $2, $3, 'sending')",
      [owner.userId, conversation.id, whileSending],
    );
    await ctx.db.query('update jobs set crashes = $2 where key = any($1::text[])', [
      [`reply:${whileWriting}`, `reply:${whileSending}`],
      MAX_CRASHES,
    ]);

    await drain(ctx.app);

    expect(sends()).toBe(0);
    expect(replyCalls(model)).toHaveLength(0);
    expect(await replyJobOf(whileWriting)).toMatchObject({ status: 'failed' });
    const escalations = await escalationsOf(ctx, owner);
    expect(escalations).toHaveLength(2);
    expect(escalations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          conversation_id: `${writing}@c.us`,
          kind: 'ai_unavailable',
          reason: HANDOVER_REASONS.aiUnavailable,
        }),
        expect.objectContaining({
          conversation_id: `${sending}@c.us`,
          kind: 'send_uncertain',
          reason: HANDOVER_REASONS.sendUncertain,
        }),
      ]),
    );
    expect(await conversationOf(ctx, owner, writing)).toMatchObject({ owner: 'human', needs_you: true });
  });
});

describe('a send that fails for a passing reason', () => {
  it('is retried by the job after its backoff, and a later success sends exactly once', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    const model = mockModel('We open at nine.');
    ctx.app.replies.languageModel = () => model;
    const { sends } = sendsFail(unreachable());
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'When do you open?' });

    await drain(ctx.app);

    expect(sends()).toBe(1);
    const retried = await replyJobOf(asked);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried.last_error).toMatch(/tries again/);
    expect(retried.due_in_ms).toBeGreaterThan(exponentialBackoffMs(1) - 1000);
    expect(await attemptOf(owner, asked)).toEqual({ state: 'started' });
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    // Nothing half-written meanwhile: no failed message, no hand-over, the AI still answers.
    expect((await messagesIn(ctx, owner, customer)).filter((message) => message.is_from_us)).toEqual([]);
    expect(await escalationsOf(ctx, owner)).toEqual([]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'ai', ai_replying: false });

    await backoffPasses(asked);
    await drain(ctx.app);

    expect(sends()).toBe(2);
    expect((await customerReceived(ctx.db, owner, customer)).map((row) => row.text)).toEqual(['We open at nine.']);
    expect(await replyJobOf(asked)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await attemptOf(owner, asked)).toEqual({ state: 'sent' });
    expect(await escalationsOf(ctx, owner)).toEqual([]);
  });

  it('hands over with a reason after the job’s last attempt, the answer shown as failed', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    const model = mockModel('We open at nine.');
    ctx.app.replies.languageModel = () => model;
    const failures = Array.from({ length: DEFAULT_MAX_ATTEMPTS }, (_, index) =>
      index % 2 === 0 ? serverError() : unreachable(),
    );
    const { sends } = sendsFail(...failures);
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'When do you open?' });

    for (let attempt = 1; attempt <= DEFAULT_MAX_ATTEMPTS; attempt += 1) {
      await drain(ctx.app);
      expect(sends()).toBe(attempt);
      await backoffPasses(asked);
    }

    expect(await replyJobOf(asked)).toMatchObject({ status: 'done', attempts: DEFAULT_MAX_ATTEMPTS });
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'send_failed', reason: HANDOVER_REASONS.sendFailed }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
    const outbound = (await messagesIn(ctx, owner, customer)).filter((message) => message.is_from_us);
    expect(outbound).toEqual([expect.objectContaining({ sender: 'ai', body: 'We open at nine.', status: 'failed' })]);
  });

  it('hands over at once, sending nothing again, when Graph did not answer in time', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    ctx.app.replies.languageModel = () => mockModel('We open at nine.');
    const { sends } = sendsFail(new GraphUnavailable('Graph did not answer within 5000 ms', 'timeout'));
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'When do you open?' });

    await drain(ctx.app);

    expect(sends()).toBe(1);
    expect(await replyJobOf(asked)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'send_uncertain', reason: HANDOVER_REASONS.sendUncertain }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
  });
});

describe('a send WhatsApp refuses', () => {
  const answer = 'We open at nine.';
  it.each([
    {
      refusal: new GraphError({ message: '(#131026) Message undeliverable', code: 131026 }, 400),
      shown: [expect.objectContaining({ sender: 'ai', body: answer, status: 'failed' })],
    },
    {
      // Outside the 24-hour window: refused before anything is stored, like a reply by hand.
      refusal: new GraphOutsideWindow({ message: '(#131047) Re-engagement message', code: 131047 }, 400),
      shown: [],
    },
  ])('is handed over at once with a reason, not retried ($refusal.code)', async ({ refusal, shown }) => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    ctx.app.replies.languageModel = () => mockModel(answer);
    const { sends } = sendsFail(refusal);
    const asked = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'When do you open?' });

    await drain(ctx.app);

    expect(sends()).toBe(1);
    expect(await replyJobOf(asked)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'send_failed', reason: HANDOVER_REASONS.sendFailed }),
    ]);
    expect(await conversationOf(ctx, owner, customer)).toMatchObject({ owner: 'human', needs_you: true });
    expect(await attemptOf(owner, asked)).toEqual({ state: 'handed_over' });
    expect((await messagesIn(ctx, owner, customer)).filter((message) => message.is_from_us)).toEqual(shown);
  });
});

describe('what a failed send means', () => {
  const graphError = (code: number, httpStatus: number) =>
    graphErrorFrom({ error: { message: `(#${code})`, code } }, httpStatus);

  it('Graph unreachable, its 5xx and its rate limits pass; a timeout may have sent; the rest are refusals', () => {
    expect(sendFailureKind(unreachable())).toBe('passing');
    expect(
      sendFailureKind(new GraphUnavailable('Graph answered 502 with a body that is not JSON', 'invalid_response')),
    ).toBe('passing');
    expect(sendFailureKind(serverError())).toBe('passing');
    expect(sendFailureKind(graphError(130429, 400))).toBe('passing');
    expect(sendFailureKind(graphError(131056, 400))).toBe('passing');
    expect(sendFailureKind(new GraphUnavailable('Graph did not answer within 5000 ms', 'timeout'))).toBe('uncertain');
    expect(sendFailureKind(graphError(131026, 400))).toBe('refused');
    expect(sendFailureKind(graphError(131047, 400))).toBe('refused');
    expect(sendFailureKind(graphError(190, 401))).toBe('refused');
    expect(sendFailureKind(new Error('not a Graph failure'))).toBe('refused');
  });
});
