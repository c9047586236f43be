/**
 * When a customer message counts as answered, shared by the dashboard and /analytics so that both
 * give the same figures.
 *
 * A customer message's answer window runs from it (exclusive) to the conversation's next customer
 * message (exclusive), or without end when it is the last one; order is (sent_at, id). In it:
 * - it is "answered by the AI" when the window holds an AI message (sender 'ai') not failed;
 * - its "first response" is the window's first outbound message not failed, by the AI or a person,
 *   and its first response time is that message's sent_at minus the customer message's.
 * So of a burst of customer messages, only the last is answered: the AI replies once to the lot.
 * A failed send never reached the customer and answers nothing, and neither does the notice that
 * a person will take over (the AI sent it, but the customer is still waiting for an answer).
 *
 * The SQL selects the owner's customer messages sent in [from, to) with
 * (id, conversation_id, sent_at, ai_answered, first_reply_at, first_reply_sender, first_reply_seconds).
 * Both lateral reads walk messages_conversation_id_sent_at_id_idx (0005) from the message on.
 */
export function customerAnswersSql(user: string, from: string, to: string): string {
  return `select c.id, c.conversation_id, c.sent_at,
      coalesce(reply.ai_answered, false) as ai_answered,
      reply.first_reply_at, reply.first_reply_sender,
      extract(epoch from reply.first_reply_at - c.sent_at)::float8 as first_reply_seconds
    from messages c
    left join lateral (
      select n.sent_at, n.id from messages n
      where n.conversation_id = c.conversation_id and n.sender = 'customer' and (n.sent_at, n.id) > (c.sent_at, c.id)
      order by n.sent_at, n.id
      limit 1
    ) next_customer on true
    left join lateral (
      select bool_or(r.sender = 'ai') as ai_answered,
        min(r.sent_at) as first_reply_at,
        (array_agg(r.sender order by r.sent_at, r.id))[1] as first_reply_sender
      from messages r
      where r.conversation_id = c.conversation_id and r.direction = 'outbound' and r.status <> 'failed'
        and not ${handoverNoticeSql('r')}
        and (r.sent_at, r.id) > (c.sent_at, c.id)
        and (next_customer.id is null or (r.sent_at, r.id) < (next_customer.sent_at, next_customer.id))
    ) reply on true
    where c.user_id = ${user} and c.sender = 'customer' and c.sent_at >= ${from} and c.sent_at < ${to}`;
}

/**
 * Whether the message aliased `message` is the notice a hand-over sent the customer (SQL): its reply
 * attempt names it (reply_attempts_handover_notice_idx, 0016).
 */
export function handoverNoticeSql(message: string): string {
  return `exists (select 1 from reply_attempts h
    where h.user_id = ${message}.user_id and h.reply_wamid = ${message}.wamid and h.state = 'handed_over')`;
}

/**
 * Whether the escalation aliased `escalation` is a real hand-over (SQL): the AI or the customer asked
 * for a person. The record an owner's reply by hand leaves ('manual_reply', inbox/ownership.ts
 * takeOverByHand) is the owner answering, not the AI handing over, and counts in no figure.
 */
export function realHandoverSql(escalation: string): string {
  return `${escalation}.kind <> 'manual_reply'`;
}

/** Seconds to the millisecond: percentile_cont's interpolation leaves float noise (102.00000000000001). */
export function seconds(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}
