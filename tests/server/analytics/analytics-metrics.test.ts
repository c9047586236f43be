import type { ActivityItem, AnalyticsSummary, DashboardSummary, ErrorBody, Timeseries } from '../../../contract';
import type { Db } from '../../../server/db/client';
import { dashboardSummary, recentActivity } from '../../../server/services/analytics/dashboard';
import {
  deleteConnection,
  markNeedsReconnection,
  upsertConnection,
} from '../../../server/services/whatsapp/connections';
import { bearer, registerUser, useTestApp } from '../support/helpers';

/**
 * Every figure of the dashboard and /analytics on fixtures inserted with SQL, the right answers
 * worked out by hand in the comments next to them.
 */

const ctx = useTestApp();

let seq = 0;
let customerSeq = 0;

async function conversation(db: Db, userId: number, name: string, createdAt = '2026-01-01T00:00:00Z') {
  customerSeq += 1;
  const waId = `4477009${String(customerSeq).padStart(5, '0')}`;
  const row = await db.one<{ id: number }>(
    `insert into conversations (user_id, wa_id, profile_name, created_at) values ($1, $2, $3, $4) returning id`,
    [userId, waId, name, createdAt],
  );
  return { id: Number(row.id), waId, publicId: `${waId}@c.us` };
}

type Sender = 'customer' | 'ai' | 'human';

async function message(
  db: Db,
  userId: number,
  conversationId: number,
  sender: Sender,
  at: string | Date,
  body = `${sender} says hi`,
  status?: string,
) {
  seq += 1;
  const row = await db.one<{ id: number }>(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     values ($1, $2, $3, $4, $5, 'text', $6, '{}'::jsonb, $7, $8) returning id`,
    [
      userId,
      conversationId,
      `wamid.analytics.${seq}`,
      sender === 'customer' ? 'inbound' : 'outbound',
      sender,
      body,
      status ?? (sender === 'customer' ? 'received' : 'delivered'),
      typeof at === 'string' ? at : at.toISOString(),
    ],
  );
  return Number(row.id);
}

async function escalation(
  db: Db,
  userId: number,
  conversationId: number,
  kind: string,
  reason: string,
  at: string,
  resolvedAt: string | null = null,
) {
  await db.query(
    `insert into escalations (user_id, conversation_id, kind, reason, created_at, resolved_at) values ($1, $2, $3, $4, $5, $6)`,
    [userId, conversationId, kind, reason, at, resolvedAt],
  );
}

async function connect(db: Db, userId: number, at: string, status = 'active') {
  seq += 1;
  await db.query(
    `insert into whatsapp_connections (user_id, waba_id, phone_number_id, phone_number, business_token, registration_pin, status, created_at, updated_at)
     values ($1, 'waba', $2, '+1 555 0100', 'sealed', '123456', $3, $4, $4)`,
    [userId, `pn-analytics-${seq}`, status, at],
  );
}

const NOW = new Date('2026-11-10T12:00:00Z');
const ago = (hours: number, seconds = 0) => new Date(NOW.getTime() - hours * 3_600_000 + seconds * 1000);

/** The dashboard's fixture (see the figures worked out in the test). */
async function dashboardFixture(db: Db, userId: number) {
  const alice = await conversation(db, userId, 'Alice', ago(10).toISOString());
  await message(db, userId, alice.id, 'customer', ago(10)); // c1: the AI answers in 30 s
  await message(db, userId, alice.id, 'ai', ago(10, 30));
  await message(db, userId, alice.id, 'customer', ago(9)); // c2: the next customer message comes first → unanswered
  await message(db, userId, alice.id, 'customer', ago(8)); // c3: a person answers in 120 s, the AI does not
  await message(db, userId, alice.id, 'human', ago(8, 120));
  const bob = await conversation(db, userId, 'Bob', ago(2).toISOString());
  await message(db, userId, bob.id, 'customer', ago(2)); // c4: only a failed AI send → unanswered
  await message(db, userId, bob.id, 'ai', ago(2, 10), 'lost', 'failed');
  const carol = await conversation(db, userId, 'Carol', ago(50).toISOString());
  await message(db, userId, carol.id, 'customer', ago(50)); // before both windows
  await message(db, userId, carol.id, 'customer', ago(30)); // previous window: the AI answers in 60 s
  await message(db, userId, carol.id, 'ai', ago(30, 60));
  return { alice, bob, carol };
}

describe('dashboard summary', () => {
  it('computes the four cards for the last 24 h and the 24 h before', async () => {
    const { user } = await registerUser(ctx.app);
    await dashboardFixture(ctx.db, user.id);
    // Another owner's busy day is never counted.
    const { user: stranger } = await registerUser(ctx.app);
    const theirs = await conversation(ctx.db, stranger.id, 'Mallory', ago(3).toISOString());
    await message(ctx.db, stranger.id, theirs.id, 'customer', ago(3));
    await message(ctx.db, stranger.id, theirs.id, 'ai', ago(3, 5));

    const summary = await dashboardSummary(ctx.db, user.id, NOW);
    expect(summary).toEqual<DashboardSummary>({
      connected: false,
      window_start: '2026-11-09T12:00:00.000Z',
      window_end: '2026-11-10T12:00:00.000Z',
      // Current: Alice 5 + Bob 2 (the failed send is still a message). Previous: Carol's 2.
      messages: { current: 7, previous: 2 },
      // Current: c1 of c1…c4 → 1/4. Previous: Carol's one message, answered → 1.
      ai_response_rate: { current: 0.25, previous: 1 },
      active_conversations: { current: 2, previous: 1 },
      // Current: c1 30 s and c3 120 s → 75 s; unanswered ones are left out. Previous: 60 s.
      avg_first_response_seconds: { current: 75, previous: 60 },
    });
  });

  it('does not take the notice of a hand-over for an answer, in the cards or the activity', async () => {
    const { user } = await registerUser(ctx.app);
    const hana = await conversation(ctx.db, user.id, 'Hana', ago(5).toISOString());
    const question = await message(ctx.db, user.id, hana.id, 'customer', ago(5), 'Can I talk to a person?');
    const notice = await message(ctx.db, user.id, hana.id, 'ai', ago(5, 3), 'A person will answer you shortly.');
    await ctx.db.query(
      `insert into reply_attempts (user_id, conversation_id, wamid, state, reply_wamid)
       select $1, $2, q.wamid, 'handed_over', n.wamid from messages q, messages n where q.id = $3 and n.id = $4`,
      [user.id, hana.id, question, notice],
    );
    await escalation(
      ctx.db,
      user.id,
      hana.id,
      'customer_asked',
      'The customer asked for a person.',
      ago(5, 2).toISOString(),
    );
    await message(ctx.db, user.id, hana.id, 'human', ago(5, 300));

    expect(await dashboardSummary(ctx.db, user.id, NOW)).toMatchObject({
      messages: { current: 3, previous: 0 },
      // The AI sent a message, but the customer's question was answered by a person, 300 s later.
      ai_response_rate: { current: 0, previous: null },
      avg_first_response_seconds: { current: 300, previous: null },
    });
    const activity = await recentActivity(ctx.db, user.id, 10);
    expect(activity.map((item) => item.kind)).toEqual(['human_replied', 'handover', 'new_conversation']);
  });

  it('answers zeros and nulls without data, and says whether a number is connected', async () => {
    const { user, token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/summary?tz=Europe/Paris',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DashboardSummary>()).toMatchObject({
      connected: false,
      messages: { current: 0, previous: 0 },
      ai_response_rate: { current: null, previous: null },
      active_conversations: { current: 0, previous: 0 },
      avg_first_response_seconds: { current: null, previous: null },
    });
    await connect(ctx.db, user.id, '2026-11-01T00:00:00Z');
    const connected = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: bearer(token) });
    expect(connected.json<DashboardSummary>().connected).toBe(true);
  });

  it('counts what happened in the last 24 hours through the API', async () => {
    const { user, token } = await registerUser(ctx.app);
    const dan = await conversation(ctx.db, user.id, 'Dan');
    const recent = new Date(Date.now() - 3_600_000);
    await message(ctx.db, user.id, dan.id, 'customer', recent);
    await message(ctx.db, user.id, dan.id, 'ai', new Date(recent.getTime() + 45_000));
    await message(ctx.db, user.id, dan.id, 'customer', new Date(Date.now() - 30 * 3_600_000));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: bearer(token) });
    expect(response.json<DashboardSummary>()).toMatchObject({
      messages: { current: 2, previous: 1 },
      ai_response_rate: { current: 1, previous: 0 },
      avg_first_response_seconds: { current: 45, previous: null },
    });
  });

  it('refuses an unknown time zone and a caller without a token', async () => {
    const { token } = await registerUser(ctx.app);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/summary?tz=Mars/Olympus_Mons',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorBody>().field).toBe('tz');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary' })).statusCode).toBe(401);
  });
});

describe('dashboard activity', () => {
  it('lists the latest events newest first, with badges and conversation links', async () => {
    const { user, token } = await registerUser(ctx.app);
    await connect(ctx.db, user.id, '2026-11-10T08:00:00Z');
    const erin = await conversation(ctx.db, user.id, 'Erin', '2026-11-10T09:00:00Z');
    await message(ctx.db, user.id, erin.id, 'customer', '2026-11-10T09:00:00Z');
    await message(ctx.db, user.id, erin.id, 'ai', '2026-11-10T09:00:20Z');
    await escalation(ctx.db, user.id, erin.id, 'customer_asked', 'Asked for a person', '2026-11-10T09:05:00Z');
    await message(ctx.db, user.id, erin.id, 'human', '2026-11-10T09:10:00Z');
    const { user: stranger } = await registerUser(ctx.app);
    const theirs = await conversation(ctx.db, stranger.id, 'Mallory', '2026-11-10T10:00:00Z');
    await message(ctx.db, stranger.id, theirs.id, 'ai', '2026-11-10T10:00:00Z');

    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const items = response.json<ActivityItem[]>();
    expect(items.map((item) => [item.kind, item.badge, item.conversation_id, item.at])).toEqual([
      ['human_replied', 'Human', erin.publicId, '2026-11-10T09:10:00.000Z'],
      ['handover', 'Human', erin.publicId, '2026-11-10T09:05:00.000Z'],
      ['ai_replied', 'AI', erin.publicId, '2026-11-10T09:00:20.000Z'],
      ['new_conversation', 'Info', erin.publicId, '2026-11-10T09:00:00.000Z'],
      ['connected', 'Info', null, '2026-11-10T08:00:00.000Z'],
    ]);
    expect(items[1]!.text).toBe('Handed over to you: Erin — Asked for a person');
    expect(items[2]!.text).toBe('AI replied to Erin');
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);

    const limited = await recentActivity(ctx.db, user.id, 2);
    expect(limited.map((item) => item.kind)).toEqual(['human_replied', 'handover']);
    const tooMany = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/activity?limit=500',
      headers: bearer(token),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<ErrorBody>().field).toBe('limit');
  });

  it('shows a connection that needs reconnecting, and nothing for a new owner', async () => {
    const { user, token } = await registerUser(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity', headers: bearer(token) })).json(),
    ).toEqual([]);
    await connect(ctx.db, user.id, '2026-11-10T08:00:00Z', 'needs_reconnection');
    const items = await recentActivity(ctx.db, user.id, 10);
    expect(items.map((item) => item.kind).sort()).toEqual(['connected', 'connection_lost']);
  });

  it('keeps every connection change: connected, token refused, connected again, another number, disconnected', async () => {
    const { user, token } = await registerUser(ctx.app);
    seq += 1;
    const number = (phone_number: string) => ({
      waba_id: 'waba',
      phone_number_id: `pn-events-${seq}-${phone_number}`,
      phone_number,
      sealedToken: 'sealed',
      sealedPin: 'sealed',
    });
    const first = await upsertConnection(ctx.db, user.id, number('+1 555 0101'));
    await markNeedsReconnection(ctx.db, first.id);
    await markNeedsReconnection(ctx.db, first.id); // already marked: no second event
    await upsertConnection(ctx.db, user.id, number('+1 555 0101'));
    await upsertConnection(ctx.db, user.id, number('+1 555 0102'));
    await deleteConnection(ctx.db, user.id);
    const { user: stranger } = await registerUser(ctx.app);
    await connect(ctx.db, stranger.id, '2026-11-10T08:00:00Z', 'needs_reconnection');

    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity', headers: bearer(token) });
    // Newest first: a refused token marked twice is one event.
    expect(
      response.json<ActivityItem[]>().map((item) => [item.kind, item.badge, item.text, item.conversation_id]),
    ).toEqual([
      ['disconnected', 'Info', 'WhatsApp disconnected (+1 555 0102)', null],
      ['connected', 'Info', 'WhatsApp connected (+1 555 0102)', null],
      ['connected', 'Info', 'WhatsApp connected (+1 555 0101)', null],
      ['connection_lost', 'Info', 'WhatsApp connection needs attention (+1 555 0101)', null],
      ['connected', 'Info', 'WhatsApp connected (+1 555 0101)', null],
    ]);
  });

  it('lets an owner with a connection delete their account (no event for a deleted owner)', async () => {
    const { user } = await registerUser(ctx.app);
    await connect(ctx.db, user.id, '2026-11-10T08:00:00Z');
    await ctx.db.query('delete from users where id = $1', [user.id]);
    const left = await ctx.db.one<{ count: number }>(
      'select count(*)::int as count from connection_events where user_id = $1',
      [user.id],
    );
    expect(left.count).toBe(0);
  });
});

/**
 * The analytics fixture, in America/Los_Angeles (UTC−8 in November 2026; 2026-11-09 is a Monday).
 * X (Dana) crosses the owner's midnight: two messages on Monday 9 November evening there, two on
 * Tuesday 10 November just after midnight — all four on 10 November in UTC.
 */
async function analyticsFixture(db: Db, userId: number) {
  const x = await conversation(db, userId, 'Dana', '2026-11-10T07:30:00Z');
  await message(db, userId, x.id, 'customer', '2026-11-10T07:30:00Z'); // LA Mon 23:30; AI 60 s
  await message(db, userId, x.id, 'ai', '2026-11-10T07:31:00Z');
  await message(db, userId, x.id, 'customer', '2026-11-10T08:10:00Z'); // LA Tue 00:10; AI 120 s
  await message(db, userId, x.id, 'ai', '2026-11-10T08:12:00Z');
  const y = await conversation(db, userId, 'Eve', '2026-11-10T20:00:00Z');
  await message(db, userId, y.id, 'customer', '2026-11-10T20:00:00Z', 'Do you ship to Mars?'); // LA Tue 12:00
  await escalation(db, userId, y.id, 'no_knowledge', 'Nothing in the documents', '2026-11-10T20:00:05Z');
  await message(db, userId, y.id, 'human', '2026-11-10T20:10:00Z'); // a person, 600 s
  await message(db, userId, y.id, 'customer', '2026-11-10T21:00:00Z', 'Hello?'); // LA Tue 13:00, unanswered
  const z = await conversation(db, userId, 'Finn', '2026-11-01T00:00:00Z');
  await message(db, userId, z.id, 'customer', '2026-11-09T07:59:00Z'); // LA Sun 23:59: before the range
  await message(db, userId, z.id, 'customer', '2026-11-09T10:00:00Z'); // LA Mon 02:00; AI 20 s
  await message(db, userId, z.id, 'ai', '2026-11-09T10:00:20Z');
  await message(db, userId, z.id, 'customer', '2026-11-09T10:05:00Z'); // LA Mon 02:05; AI 40 s
  await message(db, userId, z.id, 'ai', '2026-11-09T10:05:40Z');
  await message(db, userId, z.id, 'customer', '2026-11-11T09:00:00Z'); // LA Wed 01:00: after the range
  return { x, y, z };
}

function get<T>(token: string, url: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) }).then((response) => ({
    status: response.statusCode,
    body: response.json<T>(),
  }));
}

const LA_RANGE = 'from=2026-11-09&to=2026-11-10&tz=America/Los_Angeles';

describe('analytics summary', () => {
  it('computes every figure of the range in the owner’s time zone', async () => {
    const { user, token } = await registerUser(ctx.app);
    const { x, y, z } = await analyticsFixture(ctx.db, user.id);
    // Another owner's messages and hand-over in the same range are never counted.
    const { user: stranger } = await registerUser(ctx.app);
    const theirs = await conversation(ctx.db, stranger.id, 'Mallory', '2026-11-10T00:00:00Z');
    await message(ctx.db, stranger.id, theirs.id, 'customer', '2026-11-10T10:00:00Z', 'Their question');
    await message(ctx.db, stranger.id, theirs.id, 'human', '2026-11-10T10:00:05Z');
    await escalation(ctx.db, stranger.id, theirs.id, 'no_knowledge', 'Nothing', '2026-11-10T10:00:01Z');

    const { status, body } = await get<AnalyticsSummary>(token, `/analytics/summary?${LA_RANGE}`);
    expect(status).toBe(200);
    expect(body).toEqual<AnalyticsSummary>({
      // LA days 9 and 10 November: [9 Nov 08:00 UTC, 11 Nov 08:00 UTC).
      from: '2026-11-09T08:00:00.000Z',
      to: '2026-11-11T08:00:00.000Z',
      tz: 'America/Los_Angeles',
      conversations: 3,
      // Dana and Eve started in the range; Finn on 1 November.
      new_conversations: 2,
      // X 2+2, Y 2 customer + 1 person, Z 2+2 (two of Z's customer messages are outside).
      messages: { customer: 6, ai: 4, human: 1, total: 11 },
      // X's two and Z's two of the six.
      ai_answered: 4,
      ai_response_rate: 4 / 6,
      first_response: {
        // 20, 40, 60, 120: median (40+60)/2 = 50; p90 at rank 0.9·3 = 2.7 → 60 + 0.7·60 = 102.
        ai: { count: 4, median_seconds: 50, p90_seconds: 102 },
        human: { count: 1, median_seconds: 600, p90_seconds: 600 },
      },
      handovers: { total: 1, by_reason: [{ kind: 'no_knowledge', count: 1 }] },
      // X and Z were answered only by the AI; Y had a person and a hand-over.
      ai_resolved_conversations: 2,
      ai_resolution_rate: 2 / 3,
      // Customer messages by LA day of week (Monday 1, Tuesday 2) and hour.
      busiest_hours: [
        { dow: 1, hour: 2, messages: 2 },
        { dow: 1, hour: 23, messages: 1 },
        { dow: 2, hour: 0, messages: 1 },
        { dow: 2, hour: 12, messages: 1 },
        { dow: 2, hour: 13, messages: 1 },
      ],
      // Two customer messages each in the range; ties by conversation in order of creation.
      top_customers: [
        { conversation_id: x.publicId, name: 'Dana', number: x.waId, messages: 2 },
        { conversation_id: y.publicId, name: 'Eve', number: y.waId, messages: 2 },
        { conversation_id: z.publicId, name: 'Finn', number: z.waId, messages: 2 },
      ],
      unanswered_questions: [
        {
          escalation_id: expect.any(Number) as number,
          conversation_id: y.publicId,
          name: 'Eve',
          question: 'Do you ship to Mars?',
          at: '2026-11-10T20:00:05.000Z',
          resolved: false,
        },
      ],
    });
  });

  it('answers zeros, nulls and empty lists without data', async () => {
    const { token } = await registerUser(ctx.app);
    const { body } = await get<AnalyticsSummary>(token, `/analytics/summary?${LA_RANGE}`);
    expect(body).toMatchObject({
      conversations: 0,
      new_conversations: 0,
      messages: { customer: 0, ai: 0, human: 0, total: 0 },
      ai_answered: 0,
      ai_response_rate: null,
      first_response: {
        ai: { count: 0, median_seconds: null, p90_seconds: null },
        human: { count: 0, median_seconds: null, p90_seconds: null },
      },
      handovers: { total: 0, by_reason: [] },
      ai_resolved_conversations: 0,
      ai_resolution_rate: null,
      busiest_hours: [],
      top_customers: [],
      unanswered_questions: [],
    });
  });
});

describe('analytics timeseries', () => {
  it('puts a conversation that crosses midnight on the owner’s days, not UTC’s', async () => {
    const { user, token } = await registerUser(ctx.app);
    await analyticsFixture(ctx.db, user.id);

    const la = await get<Timeseries>(token, `/analytics/timeseries?${LA_RANGE}&interval=day`);
    expect(la.status).toBe(200);
    expect(la.body).toEqual<Timeseries>({
      interval: 'day',
      tz: 'America/Los_Angeles',
      points: [
        {
          start: '2026-11-09T08:00:00.000Z',
          label: '2026-11-09',
          // X (Mon 23:30, 23:31) and Z (02:00 … 02:05:40).
          conversations: 2,
          new_conversations: 1,
          customer_messages: 3,
          ai_messages: 3,
          human_messages: 0,
          ai_response_rate: 1,
          handovers: 0,
        },
        {
          start: '2026-11-10T08:00:00.000Z',
          label: '2026-11-10',
          // X after midnight, and Y.
          conversations: 2,
          new_conversations: 1,
          customer_messages: 3,
          ai_messages: 1,
          human_messages: 1,
          // X's 00:10 was answered by the AI; Y's two were not.
          ai_response_rate: 1 / 3,
          handovers: 1,
        },
      ],
    });

    // The same instants in UTC: X moves wholly to 10 November, and a third (empty) day appears.
    const utc = await get<Timeseries>(
      token,
      '/analytics/timeseries?from=2026-11-09T08:00:00Z&to=2026-11-11T08:00:00Z&tz=UTC',
    );
    expect(utc.body.points.map((point) => [point.label, point.customer_messages, point.ai_messages])).toEqual([
      ['2026-11-09', 2, 2],
      ['2026-11-10', 4, 2],
      ['2026-11-11', 0, 0],
    ]);
  });

  it('has an hour per point, empty hours included, with nulls for rates without messages', async () => {
    const { user, token } = await registerUser(ctx.app);
    await analyticsFixture(ctx.db, user.id);
    const { body } = await get<Timeseries>(
      token,
      '/analytics/timeseries?from=2026-11-09T23:00:00-08:00&to=2026-11-10T01:00:00-08:00&tz=America/Los_Angeles&interval=hour',
    );
    expect(body.points.map((point) => [point.label, point.customer_messages, point.ai_response_rate])).toEqual([
      ['2026-11-09T23:00', 1, 1],
      ['2026-11-10T00:00', 1, 1],
    ]);
    const empty = await get<Timeseries>(
      (await registerUser(ctx.app)).token,
      '/analytics/timeseries?from=2026-11-09&to=2026-11-09&interval=hour',
    );
    expect(empty.body.points).toHaveLength(24);
    expect(empty.body.points.every((point) => point.customer_messages === 0 && point.ai_response_rate === null)).toBe(
      true,
    );
  });
});

describe('analytics validation', () => {
  it.each([
    ['from=2026-11-09&to=2026-11-10&tz=Mars/Olympus_Mons', 'tz'],
    ['from=2026-11-09&to=2026-11-10&tz=not%20a%20zone', 'tz'],
    ['from=2026-11-10&to=2026-11-09', 'from'],
    ['from=2025-01-01&to=2026-11-09', 'to'],
    ['from=2026-02-30&to=2026-03-09', 'from'],
    ['from=yesterday&to=2026-11-09', 'from'],
    ['from=2026-11-09T10:00:00&to=2026-11-10', 'from'],
    ['to=2026-11-09', 'from'],
    ['from=2026-11-09', 'to'],
  ])('refuses %s with a 422 on %s', async (query, field) => {
    const { token } = await registerUser(ctx.app);
    for (const path of ['/analytics/summary', '/analytics/timeseries']) {
      const { status, body } = await get<ErrorBody>(token, `${path}?${query}`);
      expect([path, status, body.field]).toEqual([path, 422, field]);
    }
  });

  it('refuses an unknown interval, and a caller without a token', async () => {
    const { token } = await registerUser(ctx.app);
    const { status, body } = await get<ErrorBody>(
      token,
      '/analytics/timeseries?from=2026-11-09&to=2026-11-10&interval=week',
    );
    expect([status, body.field]).toEqual([422, 'interval']);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary?from=2026-11-09&to=2026-11-10',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes a range of exactly 366 days', async () => {
    const { token } = await registerUser(ctx.app);
    const { status } = await get<AnalyticsSummary>(token, '/analytics/summary?from=2025-11-09&to=2026-11-09');
    expect(status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the dashboard, analytics and export routes with their bearer auth and 422s', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, { get: { security: unknown; responses: Record<string, unknown> } }>;
    }>();
    for (const path of [
      '/api/v1/dashboard/summary',
      '/api/v1/dashboard/activity',
      '/api/v1/analytics/summary',
      '/api/v1/analytics/timeseries',
      '/api/v1/messages/export',
    ]) {
      expect([path, document.paths[path]?.get.security]).toEqual([path, [{ bearer: [] }]]);
      expect(Object.keys(document.paths[path]!.get.responses)).toEqual(expect.arrayContaining(['200', '401', '422']));
    }
  });
});
