import { ANALYTICS_LIMITS, type AnalyticsSummary, type Timeseries, type TimeseriesPoint } from '../../../contract';
import type { Executor } from '../../db/client';
import { publicConversationId } from '../inbox/conversations';
import { customerAnswersSql, realHandoverSql, seconds } from './answers';
import type { ReportRange } from './range';

/**
 * /analytics: everything over the owner's data in a range [from, to), computed in SQL, grouped by
 * the owner's days and hours in `tz`. Messages count by sent_at, conversations started by
 * created_at, hand-overs by created_at. Parameters: $1 owner, $2 from, $3 to, $4 tz.
 */

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

type Totals = {
  customer: number;
  ai: number;
  human: number;
  total: number;
  conversations: number;
  new_conversations: number;
};

type AnswerTotals = {
  customer: number;
  ai_answered: number;
  ai_count: number;
  ai_median: number | null;
  ai_p90: number | null;
  human_count: number;
  human_median: number | null;
  human_p90: number | null;
};

type RangeParams = [number, string, string];
const IN_RANGE = 'sent_at >= $2::timestamptz and sent_at < $3::timestamptz';

function messageTotals(db: Executor, params: RangeParams) {
  return db.one<Totals>(
    `select count(*) filter (where sender = 'customer')::int as customer,
        count(*) filter (where sender = 'ai')::int as ai,
        count(*) filter (where sender = 'human')::int as human,
        count(*)::int as total,
        count(distinct conversation_id)::int as conversations,
        (select count(*)::int from conversations
          where user_id = $1 and created_at >= $2::timestamptz and created_at < $3::timestamptz) as new_conversations
      from messages where user_id = $1 and ${IN_RANGE}`,
    params,
  );
}

function answerTotals(db: Executor, params: RangeParams) {
  return db.one<AnswerTotals>(
    `with answers as (${customerAnswersSql('$1', '$2::timestamptz', '$3::timestamptz')})
     select count(*)::int as customer,
        count(*) filter (where ai_answered)::int as ai_answered,
        count(*) filter (where first_reply_sender = 'ai')::int as ai_count,
        percentile_cont(0.5) within group (order by first_reply_seconds) filter (where first_reply_sender = 'ai') as ai_median,
        percentile_cont(0.9) within group (order by first_reply_seconds) filter (where first_reply_sender = 'ai') as ai_p90,
        count(*) filter (where first_reply_sender = 'human')::int as human_count,
        percentile_cont(0.5) within group (order by first_reply_seconds) filter (where first_reply_sender = 'human') as human_median,
        percentile_cont(0.9) within group (order by first_reply_seconds) filter (where first_reply_sender = 'human') as human_p90
      from answers`,
    params,
  );
}

function handoversByKind(db: Executor, params: RangeParams) {
  return db.query<{ kind: string; count: number }>(
    `select kind, count(*)::int as count from escalations e
      where user_id = $1 and created_at >= $2::timestamptz and created_at < $3::timestamptz and ${realHandoverSql('e')}
      group by kind order by count desc, kind`,
    params,
  );
}

/**
 * Resolved by the AI: the conversation had a customer message in the range, and in the range an AI
 * message (not failed), no message by a person and no hand-over.
 */
function aiResolution(db: Executor, params: RangeParams) {
  return db.one<{ with_customer: number; resolved: number }>(
    `with per_conversation as (
        select conversation_id,
          bool_or(sender = 'customer') as has_customer,
          bool_or(sender = 'ai' and status <> 'failed') as has_ai,
          bool_or(sender = 'human') as has_human
        from messages where user_id = $1 and ${IN_RANGE}
        group by conversation_id)
     select count(*) filter (where has_customer)::int as with_customer,
        count(*) filter (where has_customer and has_ai and not has_human and not exists (
          select 1 from escalations e where e.conversation_id = p.conversation_id and ${realHandoverSql('e')}
            and e.created_at >= $2::timestamptz and e.created_at < $3::timestamptz))::int as resolved
      from per_conversation p`,
    params,
  );
}

function busiestHours(db: Executor, params: RangeParams, tz: string) {
  return db.query<{ dow: number; hour: number; messages: number }>(
    `select extract(dow from sent_at at time zone $4)::int as dow,
        extract(hour from sent_at at time zone $4)::int as hour,
        count(*)::int as messages
      from messages where user_id = $1 and sender = 'customer' and ${IN_RANGE}
      group by 1, 2 order by 1, 2`,
    [...params, tz],
  );
}

/** Top customers by the messages they sent in the range. */
async function topCustomers(db: Executor, params: RangeParams) {
  const rows = await db.query<{ wa_id: string; profile_name: string | null; messages: number }>(
    `select c.wa_id, c.profile_name, count(*)::int as messages
      from messages m join conversations c on c.id = m.conversation_id
      where m.user_id = $1 and m.sender = 'customer' and m.sent_at >= $2::timestamptz and m.sent_at < $3::timestamptz
      group by c.id order by messages desc, c.id limit $4`,
    [...params, ANALYTICS_LIMITS.topCustomers],
  );
  return rows.map((row) => ({
    conversation_id: publicConversationId(row.wa_id),
    name: row.profile_name ?? row.wa_id,
    number: row.wa_id,
    messages: row.messages,
  }));
}

/** The question of a hand-over for lack of knowledge: the customer's latest message before it. */
async function unansweredQuestions(db: Executor, params: RangeParams) {
  const rows = await db.query<{
    id: number;
    wa_id: string;
    profile_name: string | null;
    question: string | null;
    created_at: Date;
    resolved: boolean;
  }>(
    `select e.id, c.wa_id, c.profile_name, e.created_at, e.resolved_at is not null as resolved,
        (select m.body from messages m
          where m.conversation_id = e.conversation_id and m.sender = 'customer' and m.sent_at <= e.created_at
          order by m.sent_at desc, m.id desc limit 1) as question
      from escalations e join conversations c on c.id = e.conversation_id
      where e.user_id = $1 and e.kind = 'no_knowledge' and e.created_at >= $2::timestamptz and e.created_at < $3::timestamptz
      order by e.created_at desc, e.id desc limit $4`,
    [...params, ANALYTICS_LIMITS.unansweredQuestions],
  );
  return rows.map((row) => ({
    escalation_id: Number(row.id),
    conversation_id: publicConversationId(row.wa_id),
    name: row.profile_name ?? row.wa_id,
    question: row.question,
    at: new Date(row.created_at).toISOString(),
    resolved: row.resolved,
  }));
}

const firstResponse = (count: number, median: number | null, p90: number | null) => ({
  count,
  median_seconds: seconds(median),
  p90_seconds: seconds(p90),
});

export async function analyticsSummary(db: Executor, userId: number, range: ReportRange): Promise<AnalyticsSummary> {
  const params: RangeParams = [userId, range.from.toISOString(), range.to.toISOString()];
  const totals = await messageTotals(db, params);
  const answers = await answerTotals(db, params);
  const handovers = await handoversByKind(db, params);
  const resolution = await aiResolution(db, params);
  const busiest = await busiestHours(db, params, range.tz);
  const top = await topCustomers(db, params);
  const unanswered = await unansweredQuestions(db, params);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    tz: range.tz,
    conversations: totals.conversations,
    new_conversations: totals.new_conversations,
    messages: { customer: totals.customer, ai: totals.ai, human: totals.human, total: totals.total },
    ai_answered: answers.ai_answered,
    ai_response_rate: rate(answers.ai_answered, answers.customer),
    first_response: {
      ai: firstResponse(answers.ai_count, answers.ai_median, answers.ai_p90),
      human: firstResponse(answers.human_count, answers.human_median, answers.human_p90),
    },
    handovers: { total: handovers.reduce((sum, row) => sum + row.count, 0), by_reason: handovers },
    ai_resolved_conversations: resolution.resolved,
    ai_resolution_rate: rate(resolution.resolved, resolution.with_customer),
    busiest_hours: busiest,
    top_customers: top,
    unanswered_questions: unanswered,
  };
}

type PointRow = Omit<TimeseriesPoint, 'start' | 'ai_response_rate'> & { start: Date; answered: number };

/**
 * One point per local day or hour of the range, empty ones included. Buckets are the owner's
 * wall-clock days and hours: on a DST change a day has 23 or 25 hours, and the repeated hour of
 * the autumn change is one bucket.
 */
export async function timeseries(
  db: Executor,
  userId: number,
  range: ReportRange,
  interval: 'day' | 'hour',
): Promise<Timeseries> {
  const label = interval === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD"T"HH24:00';
  const local = (column: string) => `date_trunc($5, ${column} at time zone $4)`;
  const rows = await db.query<PointRow>(
    `with buckets as (
        select b as local_start from generate_series(
          ${local('$2::timestamptz')},
          ($3::timestamptz at time zone $4) - interval '1 microsecond',
          ('1 ' || $5)::interval) as b),
      messages_by as (
        select ${local('sent_at')} as local_start,
          count(distinct conversation_id)::int as conversations,
          count(*) filter (where sender = 'customer')::int as customer_messages,
          count(*) filter (where sender = 'ai')::int as ai_messages,
          count(*) filter (where sender = 'human')::int as human_messages
        from messages where user_id = $1 and sent_at >= $2::timestamptz and sent_at < $3::timestamptz
        group by 1),
      answers_by as (
        select ${local('sent_at')} as local_start, count(*) filter (where ai_answered)::int as answered
        from (${customerAnswersSql('$1', '$2::timestamptz', '$3::timestamptz')}) answers
        group by 1),
      new_by as (
        select ${local('created_at')} as local_start, count(*)::int as new_conversations
        from conversations where user_id = $1 and created_at >= $2::timestamptz and created_at < $3::timestamptz
        group by 1),
      handovers_by as (
        select ${local('created_at')} as local_start, count(*)::int as handovers
        from escalations e
        where user_id = $1 and created_at >= $2::timestamptz and created_at < $3::timestamptz and ${realHandoverSql('e')}
        group by 1)
     select b.local_start at time zone $4 as start, to_char(b.local_start, '${label}') as label,
        coalesce(m.conversations, 0) as conversations, coalesce(n.new_conversations, 0) as new_conversations,
        coalesce(m.customer_messages, 0) as customer_messages, coalesce(m.ai_messages, 0) as ai_messages,
        coalesce(m.human_messages, 0) as human_messages, coalesce(a.answered, 0) as answered,
        coalesce(h.handovers, 0) as handovers
      from buckets b
      left join messages_by m using (local_start)
      left join answers_by a using (local_start)
      left join new_by n using (local_start)
      left join handovers_by h using (local_start)
      order by b.local_start`,
    [userId, range.from.toISOString(), range.to.toISOString(), range.tz, interval],
  );
  return {
    interval,
    tz: range.tz,
    points: rows.map(({ start, answered, ...row }) => ({
      ...row,
      start: new Date(start).toISOString(),
      ai_response_rate: rate(answered, row.customer_messages),
    })),
  };
}
