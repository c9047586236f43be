import type { ActivityItem, AnalyticsSummary, Timeseries } from '../../../contract';
import type { Db } from '../../../server/db/client';
import { handOver, HANDOVER_REASONS, takeOverByHand } from '../../../server/services/inbox/ownership';
import { bearer, registerUser, useTestApp } from '../support/helpers';

/**
 * A reply by hand (the owner writing in a conversation the AI answers) takes the conversation over
 * and leaves a resolved 'manual_reply' record; it is the owner answering, not a hand-over, and no
 * figure counts it. The real hand-overs (the customer or the AI asked for a person) still count.
 */

const ctx = useTestApp();

let customerSeq = 0;

async function conversation(db: Db, userId: number, name: string) {
  customerSeq += 1;
  const waId = `4477008${String(customerSeq).padStart(5, '0')}`;
  const row = await db.one<{ id: number }>(
    `insert into conversations (user_id, wa_id, profile_name) values ($1, $2, $3) returning id`,
    [userId, waId, name],
  );
  return { id: Number(row.id), publicId: `${waId}@c.us` };
}

async function customerWrote(db: Db, userId: number, conversationId: number, wamid: string) {
  await db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     values ($1, $2, $3, 'inbound', 'customer', 'text', 'Hello?', '{}'::jsonb, 'received', now() - interval '1 minute')`,
    [userId, conversationId, wamid],
  );
}

function get<T>(token: string, url: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) }).then((response) => ({
    status: response.statusCode,
    body: response.json<T>(),
  }));
}

/** The last day up to an hour ahead, in UTC: the records are written at the database's now(). */
function aroundNow() {
  const now = Date.now();
  const from = new Date(now - 24 * 3_600_000).toISOString();
  const to = new Date(now + 3_600_000).toISOString();
  return `from=${from}&to=${to}&tz=UTC`;
}

async function ownerRepliedByHandAndCustomerAsked(userId: number) {
  const byHand = await conversation(ctx.db, userId, 'Hana');
  await customerWrote(ctx.db, userId, byHand.id, 'wamid.handovers.1');
  await takeOverByHand(ctx.db, userId, byHand.id);
  const asked = await conversation(ctx.db, userId, 'Ivo');
  await customerWrote(ctx.db, userId, asked.id, 'wamid.handovers.2');
  const handedOver = await handOver(ctx.db, {
    userId,
    conversationId: asked.id,
    kind: 'customer_asked',
    reason: HANDOVER_REASONS.customerAsked,
  });
  expect(handedOver).toBe(true);
  return { byHand, asked };
}

describe('hand-overs in the analytics', () => {
  it('counts the customer asking for a person, not the owner replying by hand', async () => {
    const { user, token } = await registerUser(ctx.app);
    const { byHand } = await ownerRepliedByHandAndCustomerAsked(user.id);
    // The reply by hand is still recorded (the conversation is the owner's), only not counted.
    const recorded = await ctx.db.query<{ kind: string }>(
      'select kind from escalations where conversation_id = $1 and user_id = $2',
      [byHand.id, user.id],
    );
    expect(recorded.map((row) => row.kind)).toEqual(['manual_reply']);

    const summary = await get<AnalyticsSummary>(token, `/analytics/summary?${aroundNow()}`);
    expect(summary.status).toBe(200);
    expect(summary.body.handovers).toEqual({ total: 1, by_reason: [{ kind: 'customer_asked', count: 1 }] });

    const series = await get<Timeseries>(token, `/analytics/timeseries?${aroundNow()}&interval=hour`);
    expect(series.status).toBe(200);
    expect(series.body.points.reduce((sum, point) => sum + point.handovers, 0)).toBe(1);
  });

  it("lists no hand-over in the dashboard's activity for a reply by hand", async () => {
    const { user, token } = await registerUser(ctx.app);
    const { byHand, asked } = await ownerRepliedByHandAndCustomerAsked(user.id);
    const activity = await get<ActivityItem[]>(token, '/dashboard/activity');
    expect(activity.status).toBe(200);
    const handovers = activity.body.filter((item) => item.kind === 'handover');
    expect(handovers.map((item) => item.conversation_id)).toEqual([asked.publicId]);
    expect(handovers.map((item) => item.conversation_id)).not.toContain(byHand.publicId);
  });
});
