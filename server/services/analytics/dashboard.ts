import { ANALYTICS_LIMITS, type ActivityItem, type DashboardSummary } from '../../../contract';
import type { Executor } from '../../db/client';
import { publicConversationId, UNNAMED_CUSTOMER } from '../inbox/conversations';
import { isPhoneNumber } from '../whatsapp/customer-id';
import { customerAnswersSql, handoverNoticeSql, realHandoverSql, seconds } from './answers';

/**
 * The dashboard (SPEC.md §2, DESIGN.md §12): the four cards over the last 24 hours and the 24 before
 * them, and the recent activity. Windows are half-open, [now − 24 h, now) and [now − 48 h, now − 24 h),
 * by the messages' sent_at. Hidden messages count: hiding only removes them from the owner's view.
 */

const DAY_MS = 86_400_000;

type CardRow = {
  messages_current: number;
  messages_previous: number;
  active_current: number;
  active_previous: number;
};

type AnswerRow = {
  customer_current: number;
  customer_previous: number;
  ai_current: number;
  ai_previous: number;
  avg_current: number | null;
  avg_previous: number | null;
};

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

export async function dashboardSummary(db: Executor, userId: number, now: Date): Promise<DashboardSummary> {
  const params = [userId, now.toISOString()];
  const cards = await db.one<CardRow>(
    `select count(*) filter (where sent_at >= $2::timestamptz - interval '24 hours')::int as messages_current,
        count(*) filter (where sent_at < $2::timestamptz - interval '24 hours')::int as messages_previous,
        count(distinct conversation_id) filter (where sent_at >= $2::timestamptz - interval '24 hours')::int as active_current,
        count(distinct conversation_id) filter (where sent_at < $2::timestamptz - interval '24 hours')::int as active_previous
      from messages
      where user_id = $1 and sent_at >= $2::timestamptz - interval '48 hours' and sent_at < $2::timestamptz`,
    params,
  );
  const answers = await db.one<AnswerRow>(
    `with answers as (${customerAnswersSql('$1', `$2::timestamptz - interval '48 hours'`, '$2::timestamptz')}),
      windowed as (select *, sent_at >= $2::timestamptz - interval '24 hours' as current from answers)
     select count(*) filter (where current)::int as customer_current,
        count(*) filter (where not current)::int as customer_previous,
        count(*) filter (where current and ai_answered)::int as ai_current,
        count(*) filter (where not current and ai_answered)::int as ai_previous,
        avg(first_reply_seconds) filter (where current)::float8 as avg_current,
        avg(first_reply_seconds) filter (where not current)::float8 as avg_previous
      from windowed`,
    params,
  );
  const connection = await db.one<{ connected: boolean }>(
    'select exists (select 1 from whatsapp_connections where user_id = $1) as connected',
    [userId],
  );
  return {
    connected: connection.connected,
    window_start: new Date(now.getTime() - DAY_MS).toISOString(),
    window_end: now.toISOString(),
    messages: { current: cards.messages_current, previous: cards.messages_previous },
    ai_response_rate: {
      current: rate(answers.ai_current, answers.customer_current),
      previous: rate(answers.ai_previous, answers.customer_previous),
    },
    active_conversations: { current: cards.active_current, previous: cards.active_previous },
    avg_first_response_seconds: { current: seconds(answers.avg_current), previous: seconds(answers.avg_previous) },
  };
}

type ActivityRow = {
  id: string;
  kind: ActivityItem['kind'];
  wa_id: string | null;
  name: string | null;
  detail: string | null;
  at: Date;
};

const BADGES: Record<ActivityItem['kind'], ActivityItem['badge']> = {
  ai_replied: 'AI',
  human_replied: 'Human',
  handover: 'Human',
  new_conversation: 'Info',
  connected: 'Info',
  connection_lost: 'Info',
  disconnected: 'Info',
};

function activityText(row: ActivityRow): string {
  const who = row.name ?? (row.wa_id && isPhoneNumber(row.wa_id) ? `+${row.wa_id}` : UNNAMED_CUSTOMER);
  switch (row.kind) {
    case 'ai_replied':
      return `AI replied to ${who}`;
    case 'human_replied':
      return `You replied to ${who}`;
    case 'handover':
      return row.detail ? `Handed over to you: ${who} — ${row.detail}` : `Handed over to you: ${who}`;
    case 'new_conversation':
      return `New conversation with ${who}`;
    case 'connected':
      return `WhatsApp connected (${row.detail ?? ''})`;
    case 'connection_lost':
      return `WhatsApp connection needs attention (${row.detail ?? ''})`;
    case 'disconnected':
      return `WhatsApp disconnected (${row.detail ?? ''})`;
  }
}

/**
 * The latest events, newest first, read from where they left their mark: replies are the AI's and the
 * owner's messages (not the hand-over notice: the hand-over is its own event), hand-overs the
 * escalations (with their reason; a reply by hand is the owner's reply, not a hand-over), new conversations the
 * conversations' created_at, and connection changes the events a trigger records (0013).
 */
export async function recentActivity(db: Executor, userId: number, limit: number): Promise<ActivityItem[]> {
  const take = Math.min(Math.max(limit, 1), ANALYTICS_LIMITS.maxActivity);
  const rows = await db.query<ActivityRow>(
    `(select 'msg-' || m.id as id,
        case m.sender when 'ai' then 'ai_replied' else 'human_replied' end as kind,
        c.wa_id, coalesce(c.profile_name, c.username) as name, null::text as detail, m.sent_at as at
      from messages m join conversations c on c.id = m.conversation_id
      where m.user_id = $1 and m.direction = 'outbound' and not ${handoverNoticeSql('m')}
      order by m.sent_at desc, m.id desc limit $2)
     union all
     (select 'esc-' || e.id, 'handover', c.wa_id, coalesce(c.profile_name, c.username), e.reason, e.created_at
      from escalations e join conversations c on c.id = e.conversation_id
      where e.user_id = $1 and ${realHandoverSql('e')}
      order by e.created_at desc, e.id desc limit $2)
     union all
     (select 'conv-' || c.id, 'new_conversation', c.wa_id, coalesce(c.profile_name, c.username), null, c.created_at
      from conversations c
      where c.user_id = $1
      order by c.created_at desc, c.id desc limit $2)
     union all
     (select 'conn-' || e.id,
        case e.kind when 'needs_reconnection' then 'connection_lost' else e.kind end,
        null, null, e.phone_number, e.created_at
      from connection_events e
      where e.user_id = $1
      order by e.created_at desc, e.id desc limit $2)
     order by at desc, id desc
     limit $2`,
    [userId, take],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    badge: BADGES[row.kind],
    text: activityText(row),
    conversation_id: row.wa_id ? publicConversationId(row.wa_id) : null,
    at: new Date(row.at).toISOString(),
  }));
}
