-- webhook_store: its current body (created in migration 0030_webhook_functions, last changed in 0057_early_statuses).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function webhook_store(
  numbers text[],
  customer_numbers text[], customer_phones text[], customer_bsuids text[], customer_parent_bsuids text[],
  customer_usernames text[],
  move_numbers text[], move_previous_bsuids text[], move_bsuids text[], move_parent_bsuids text[],
  event_numbers text[], event_sha256s text[], event_bodies text[],
  message_numbers text[], message_phones text[], message_bsuids text[], message_wamids text[], message_types text[],
  message_bodies text[], message_raws text[], message_replies_to text[], message_sent_ats double precision[],
  message_profile_names text[], message_firsts boolean[],
  job_names text[], job_key_prefixes text[], jobs_run_at timestamptz, job_types text[], job_immediates boolean[],
  reaction_numbers text[], reaction_wamids text[], reaction_reactors text[], reaction_emojis text[],
  reaction_timestamps bigint[], reaction_rounds integer[],
  status_numbers text[], status_wamids text[], status_values text[], status_errors text[], status_codes integer[],
  status_rounds integer[],
  status_billables boolean[], status_pricing_models text[], status_pricing_categories text[],
  status_pricing_types text[],
  out owned_numbers text[], out received jsonb
) language plpgsql as $$
#variable_conflict use_column
declare
  kept integer;
begin
  if coalesce(cardinality(move_bsuids), 0) > 0 then
    update conversations c set
       bsuid = m.bsuid,
       parent_bsuid = coalesce(m.parent_bsuid, c.parent_bsuid),
       updated_at = now()
      from unnest(move_numbers, move_previous_bsuids, move_bsuids, move_parent_bsuids)
           as m(phone_number_id, previous_bsuid, bsuid, parent_bsuid)
      join whatsapp_connections o on o.phone_number_id = m.phone_number_id
     where c.user_id = o.user_id and c.bsuid = m.previous_bsuid
       and not exists (select from conversations d where d.user_id = o.user_id and d.bsuid = m.bsuid);
  end if;

  with owners as (
    select o.phone_number_id, o.user_id from whatsapp_connections o where o.phone_number_id = any(numbers)
  ), customers as (
    select o.user_id, u.*
      from unnest(customer_numbers, customer_phones, customer_bsuids, customer_parent_bsuids, customer_usernames)
           as u(phone_number_id, phone, bsuid, parent_bsuid, username)
      join owners o on o.phone_number_id = u.phone_number_id
  ), phones_identified as (
    update conversations c set bsuid = k.bsuid
      from customers k
     where k.bsuid is not null and c.user_id = k.user_id and c.wa_id = k.phone and c.bsuid is null
       and not exists (select from conversations d where d.user_id = k.user_id and d.bsuid = k.bsuid)
  ), conversations_added as (
    insert into conversations (user_id, wa_id, bsuid, parent_bsuid, username)
    select k.user_id, coalesce(k.phone, k.bsuid), k.bsuid, k.parent_bsuid, k.username
      from customers k
     -- Two lookups, each on its own unique index (an `or` of both scanned and merged them for every customer).
     where not exists (select from conversations d where d.user_id = k.user_id and d.bsuid = k.bsuid)
       and not exists (select from conversations d where d.user_id = k.user_id and d.wa_id = k.phone)
     order by k.user_id, coalesce(k.phone, k.bsuid)
    on conflict do nothing
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
      select o.user_id, c.conversation_id, u.*
        from unnest(message_numbers, message_phones, message_bsuids, message_wamids, message_types, message_bodies,
                    message_raws, message_replies_to, message_sent_ats, message_profile_names, message_firsts)
             with ordinality
             as u(phone_number_id, phone, bsuid, wamid, type, body, raw, in_reply_to, sent_at, profile_name, first,
                  position)
        join whatsapp_connections o on o.phone_number_id = u.phone_number_id
        -- The customer's conversation by BSUID, else by phone: one index lookup each.
        join lateral (
          select coalesce(
            (select d.id from conversations d where d.user_id = o.user_id and d.bsuid = u.bsuid),
            (select d.id from conversations d where d.user_id = o.user_id and d.wa_id = u.phone)) as conversation_id) c
          on c.conversation_id is not null
    ), added as (
      insert into messages
        (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status, sent_at)
      select u.user_id, u.conversation_id, u.wamid, 'inbound', 'customer', u.type, u.body, u.raw::jsonb, u.in_reply_to,
             'received', to_timestamp(u.sent_at)
        from u
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
      select u.conversation_id,
             (array_agg(u.profile_name order by u.position desc) filter (where u.profile_name is not null))[1]
               as profile_name,
             count(a.id) as added,
             max(u.sent_at) filter (where a.id is not null) as sent_at,
             (array_agg(u.body order by u.sent_at desc, u.position desc) filter (where a.id is not null))[1] as preview
        from u left join arrived a on a.position = u.position
       group by u.conversation_id
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
       where c.id = t.conversation_id
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

  -- The newest username and parent BSUID Meta gave: a customer may drop or change their username.
  if coalesce(cardinality(customer_bsuids), 0) > 0 then
    update conversations c set
       username = coalesce(k.username, c.username),
       parent_bsuid = coalesce(k.parent_bsuid, c.parent_bsuid)
      from unnest(customer_numbers, customer_bsuids, customer_parent_bsuids, customer_usernames)
           as k(phone_number_id, bsuid, parent_bsuid, username)
      join whatsapp_connections o on o.phone_number_id = k.phone_number_id
     where c.user_id = o.user_id and c.bsuid = k.bsuid
       and (k.username is distinct from c.username or k.parent_bsuid is distinct from c.parent_bsuid)
       and (k.username is not null or k.parent_bsuid is not null);
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

  -- A status waits for the send storing its message, if one is under way (outbound.ts takes the same lock),
  -- so that it either finds the message or is kept in early_statuses for it. In order: no two deliveries deadlock.
  if coalesce(cardinality(status_wamids), 0) > 0 then
    perform lock_message_status(k.user_id, k.wamid)
       from (select distinct o.user_id, s.wamid
               from unnest(status_numbers, status_wamids) as s(phone_number_id, wamid)
               join whatsapp_connections o on o.phone_number_id = s.phone_number_id
              order by o.user_id, s.wamid) k;
  end if;

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
       and message_status_advances(m.status, s.status);
  end loop;

  -- What each message costs: the first status that carries pricing sets it, a later one only fills
  -- what is still missing, whatever the order of the statuses (a `delivered` after `read` too).
  -- Rounds as above: a message is matched once per statement.
  if (select bool_or(b is not null) from unnest(status_billables) b)
     or (select bool_or(c is not null) from unnest(status_pricing_categories) c)
     or (select bool_or(t is not null) from unnest(status_pricing_types) t)
     or (select bool_or(p is not null) from unnest(status_pricing_models) p) then
    for turn in 1 .. coalesce((select max(k) from unnest(status_rounds) k), 0) loop
      update messages m set
         billable = coalesce(m.billable, s.billable),
         pricing_model = coalesce(m.pricing_model, s.pricing_model),
         pricing_category = coalesce(m.pricing_category, s.category),
         pricing_type = coalesce(m.pricing_type, s.type),
         updated_at = now()
        from unnest(status_numbers, status_wamids, status_billables, status_pricing_models, status_pricing_categories,
                    status_pricing_types, status_rounds)
             as s(phone_number_id, wamid, billable, pricing_model, category, type, round)
        join whatsapp_connections o on o.phone_number_id = s.phone_number_id
       where s.round = turn and m.user_id = o.user_id and m.wamid = s.wamid and m.direction = 'outbound'
         and ((m.billable is null and s.billable is not null)
           or (m.pricing_model is null and s.pricing_model is not null)
           or (m.pricing_category is null and s.category is not null)
           or (m.pricing_type is null and s.type is not null));
    end loop;
  end if;

  -- A status of a message not stored yet (Meta may tell `sent`, even `read`, before the send's answer has been
  -- stored) is kept, merged as above, for the send to take (outbound.ts); kept a day at most.
  for turn in 1 .. coalesce((select max(k) from unnest(status_rounds) k), 0) loop
    insert into early_statuses as e
      (user_id, wamid, status, status_error, status_error_code, billable, pricing_model, pricing_category, pricing_type)
    select o.user_id, s.wamid, s.status, s.error, s.code, s.billable, s.pricing_model, s.category, s.type
      from unnest(status_numbers, status_wamids, status_values, status_errors, status_codes, status_billables,
                  status_pricing_models, status_pricing_categories, status_pricing_types, status_rounds)
           as s(phone_number_id, wamid, status, error, code, billable, pricing_model, category, type, round)
      join whatsapp_connections o on o.phone_number_id = s.phone_number_id
     where s.round = turn and not exists (select from messages m where m.user_id = o.user_id and m.wamid = s.wamid)
    on conflict (user_id, wamid) do update set
       status = case when message_status_advances(e.status, excluded.status) then excluded.status else e.status end,
       status_error = case when message_status_advances(e.status, excluded.status)
                           then excluded.status_error else e.status_error end,
       status_error_code = case when message_status_advances(e.status, excluded.status)
                                then excluded.status_error_code else e.status_error_code end,
       billable = coalesce(e.billable, excluded.billable),
       pricing_model = coalesce(e.pricing_model, excluded.pricing_model),
       pricing_category = coalesce(e.pricing_category, excluded.pricing_category),
       pricing_type = coalesce(e.pricing_type, excluded.pricing_type);
    get diagnostics kept = row_count;
    if kept > 0 then
      delete from early_statuses where received_at < now() - interval '1 day';
    end if;
  end loop;
end
$$;
