-- Signed webhooks at 2,000 deliveries/s embedded (issue 20). A batch of webhook deliveries was stored
-- by a transaction of set-based statements sent as text (server/services/whatsapp/webhook/store.ts):
-- each was parsed and planned again for every batch, and each statement, BEGIN and COMMIT was an
-- exchange of its own with the database. On PGlite that was 40 % of a batch of eight deliveries.
-- Now the whole batch is one call of this PL/pgSQL function, the batch as arrays: its statements are
-- prepared once per connection and their plans cached, and a single statement is a transaction by
-- itself. The result is what storing the deliveries one after another, in the order given, would
-- have stored. Every write is idempotent, so a retried or parallel delivery changes nothing twice.
--
-- In this order:
-- 1. Who owns the numbers named (`numbers`): those that have an owner are answered in `owned_numbers`.
--    Rows of numbers nobody owns join no owner and write nothing.
-- 2. The conversations that do not exist yet (in key order, so that concurrent batches wait for each
--    other in the same order), and the raw events (one per number a delivery names). Their profile
--    names and previews follow in 3, so that each row is written once.
-- 3. The messages: each wamid once (the first delivery of it wins: `message_firsts`), the jobs of the
--    new ones, and each conversation a message came to brought up to date: the newest profile name
--    given, and after its new messages the preview, times and unread count. The preview is the
--    last-arrived of the newest new messages, and only when nothing newer is stored already: a
--    retried older message must not replace the preview of a newer one; a new message reopens a
--    conversation marked done. The new messages are answered in `received`, in the order given, each
--    as the 'whatsapp.message-received' event tells it (server/events.ts' ReceivedMessage), which is
--    also their jobs' payload.
--    The jobs: for each new message, each job named in `job_names` (in that order: jobs due together
--    run in id order), keyed `job_key_prefixes[i] || wamid` so that a duplicate delivery queues
--    nothing, only for messages of `job_types[i]` (comma-separated; null: any), due at once when
--    `job_immediates[i]`, else at `jobs_run_at` (null: now), in the conversation's lane.
-- 4. Reactions: each attaches to the message it reacts to, keyed by who reacted; an empty emoji (null)
--    takes it back, kept with its time so that an older retried reaction cannot come back.
-- 5. Statuses move our outgoing messages forward (sent < delivered < read), never back: they arrive
--    out of order. `failed` applies only before delivery.
-- Reactions and statuses come in rounds (`*_rounds`, from 1): the k-th of one message in round k, so
-- that several of one message apply in the order they arrived, one set-based statement a round.
create function webhook_store(
  numbers text[],
  customer_numbers text[], customer_wa_ids text[],
  event_numbers text[], event_sha256s text[], event_bodies text[],
  message_numbers text[], message_wa_ids text[], message_wamids text[], message_types text[],
  message_bodies text[], message_raws text[], message_replies_to text[], message_sent_ats double precision[],
  message_profile_names text[], message_firsts boolean[],
  job_names text[], job_key_prefixes text[], jobs_run_at timestamptz, job_types text[], job_immediates boolean[],
  reaction_numbers text[], reaction_wamids text[], reaction_reactors text[], reaction_emojis text[],
  reaction_timestamps bigint[], reaction_rounds integer[],
  status_numbers text[], status_wamids text[], status_values text[], status_errors text[], status_codes integer[],
  status_rounds integer[],
  out owned_numbers text[], out received jsonb
) language plpgsql as $$
#variable_conflict use_column
begin
  with owners as (
    select o.phone_number_id, o.user_id from whatsapp_connections o where o.phone_number_id = any(numbers)
  ), conversations_added as (
    insert into conversations (user_id, wa_id)
    select o.user_id, u.wa_id from unnest(customer_numbers, customer_wa_ids) as u(phone_number_id, wa_id)
      join owners o on o.phone_number_id = u.phone_number_id
     order by o.user_id, u.wa_id
    on conflict (user_id, wa_id) do nothing
  ), events_kept as (
    insert into webhook_events (user_id, body_sha256, raw_body)
    select o.user_id, u.body_sha256, u.raw_body
      from unnest(event_numbers, event_sha256s, event_bodies) with ordinality
           as u(phone_number_id, body_sha256, raw_body, position)
      join owners o on o.phone_number_id = u.phone_number_id
     order by u.position
    on conflict (user_id, body_sha256) do nothing
  )
  select coalesce(array_agg(o.phone_number_id), '{}') into owned_numbers from owners o;

  if coalesce(cardinality(message_wamids), 0) = 0 then
    received := '[]';
  else
    with u as (
      select o.user_id, u.*
        from unnest(message_numbers, message_wa_ids, message_wamids, message_types, message_bodies, message_raws,
                    message_replies_to, message_sent_ats, message_profile_names, message_firsts) with ordinality
             as u(phone_number_id, wa_id, wamid, type, body, raw, in_reply_to, sent_at, profile_name, first, position)
        join whatsapp_connections o on o.phone_number_id = u.phone_number_id
    ), added as (
      insert into messages
        (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status, sent_at)
      select c.user_id, c.id, u.wamid, 'inbound', 'customer', u.type, u.body, u.raw::jsonb, u.in_reply_to, 'received',
             to_timestamp(u.sent_at)
        from u join conversations c on c.user_id = u.user_id and c.wa_id = u.wa_id
       where u.first
       order by u.position
      on conflict (user_id, wamid) do nothing
      returning id, user_id, wamid, conversation_id
    ), arrived as (
      select jsonb_build_object('userId', a.user_id, 'conversationId', a.conversation_id, 'messageId', a.id,
                                'wamid', a.wamid) as message,
             a.*, u.position, u.type
        from added a join u on u.user_id = a.user_id and u.wamid = a.wamid and u.first
    ), touch as (
      select u.user_id, u.wa_id,
             (array_agg(u.profile_name order by u.position desc) filter (where u.profile_name is not null))[1]
               as profile_name,
             count(a.id) as added,
             max(u.sent_at) filter (where a.id is not null) as sent_at,
             (array_agg(u.body order by u.sent_at desc, u.position desc) filter (where a.id is not null))[1] as preview
        from u left join arrived a on a.position = u.position
       group by u.user_id, u.wa_id
    ), touched as (
      update conversations c set
         profile_name = coalesce(t.profile_name, c.profile_name),
         last_message_preview = case when t.added > 0
                                      and (c.last_message_at is null or c.last_message_at <= to_timestamp(t.sent_at))
                                     then t.preview else c.last_message_preview end,
         last_message_at = greatest(c.last_message_at, to_timestamp(t.sent_at)),
         last_inbound_at = greatest(c.last_inbound_at, to_timestamp(t.sent_at)),
         unread_count = c.unread_count + t.added,
         done_at = case when t.added > 0 then null else c.done_at end,
         updated_at = now()
        from touch t
       where c.user_id = t.user_id and c.wa_id = t.wa_id
    ), queued as (
      insert into jobs (name, payload, key, run_at, queue)
      select j.name, a.message, j.key_prefix || a.wamid,
             case when j.immediate then now() else coalesce(jobs_run_at, now()) end,
             'conversation:' || a.conversation_id
        from arrived a
             cross join unnest(job_names, job_key_prefixes, job_types, job_immediates) with ordinality
             as j(name, key_prefix, types, immediate, position)
       where j.types is null or a.type = any(string_to_array(j.types, ','))
       order by a.position, j.position
      on conflict (key) do nothing
    )
    select coalesce(jsonb_agg(a.message order by a.position), '[]') into received from arrived a;
  end if;

  for turn in 1 .. coalesce((select max(k) from unnest(reaction_rounds) k), 0) loop
    update messages m set
       reactions = jsonb_set(m.reactions, array[r.reactor], jsonb_build_object('emoji', r.emoji, 'timestamp', r.ts)),
       updated_at = now()
      from unnest(reaction_numbers, reaction_wamids, reaction_reactors, reaction_emojis, reaction_timestamps,
                  reaction_rounds) as r(phone_number_id, wamid, reactor, emoji, ts, round)
      join whatsapp_connections o on o.phone_number_id = r.phone_number_id
     where r.round = turn and m.user_id = o.user_id and m.wamid = r.wamid
       and coalesce((m.reactions -> r.reactor ->> 'timestamp')::bigint, 0) <= r.ts;
  end loop;

  for turn in 1 .. coalesce((select max(k) from unnest(status_rounds) k), 0) loop
    update messages m set
       status = s.status,
       status_error = s.error,
       status_error_code = s.code,
       updated_at = now()
      from unnest(status_numbers, status_wamids, status_values, status_errors, status_codes, status_rounds)
           as s(phone_number_id, wamid, status, error, code, round)
      join whatsapp_connections o on o.phone_number_id = s.phone_number_id
     where s.round = turn and m.user_id = o.user_id and m.wamid = s.wamid and m.direction = 'outbound'
       and case when s.status = 'failed' then m.status in ('pending', 'sent')
                else m.status <> 'failed'
                 and array_position(array['pending', 'sent', 'delivered', 'read'], m.status)
                     < array_position(array['pending', 'sent', 'delivered', 'read'], s.status) end;
  end loop;
end
$$;
