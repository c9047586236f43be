-- Live push: whatever changes an owner's inbox, hand-overs, documents or connection tells the API
-- nodes at commit (pg_notify on 'threadline_events'; PostgreSQL delivers notifications in commit
-- order, and only those of committed transactions), whichever process or code path changed it: a
-- worker's reply reaches the browser through any API node. Each payload is a small JSON object:
-- u (the owner), t (the event's type) and the ids it concerns, a conversation by the id the API
-- and the SPA know it by ('<wa_id>@c.us'); nothing a browser may not see.
--
-- The inbox version (0010, bumped once per owner per transaction at commit, in commit order) is the
-- stream's position: its bump says 'inbox.version' with the new value, which the stream sends as the
-- event id. A browser that reconnects with an older Last-Event-ID is told to reload (resync).

create function live_notify(owner bigint, type text, body jsonb) returns void language sql as $$
  select pg_notify('threadline_events', (jsonb_build_object('u', owner, 't', type) || body)::text)
$$;

create function live_conversation_id(conversation bigint) returns text language sql stable as $$
  select wa_id || '@c.us' from conversations where id = conversation
$$;

create or replace function inbox_version_bump() returns trigger language plpgsql as $$
declare
  bumped bigint;
begin
  perform from inbox_versions where user_id = new.user_id and xmin = pg_current_xact_id()::xid;
  if not found then
    insert into inbox_versions as v (user_id, version) values (new.user_id, 1)
      on conflict (user_id) do update set version = v.version + 1
      returning version into bumped;
    perform live_notify(new.user_id, 'inbox.version', jsonb_build_object('v', bumped));
  end if;
  return null;
end
$$;

-- New messages, one notification per owner and direction per statement: a webhook batch stores
-- many at once. 'l' lists them as [conversation id, message id], 200 at most a notification (a
-- payload holds 8,000 bytes; a wa_id is at most 64 characters).
create function live_messages_added() returns trigger language plpgsql as $$
begin
  perform live_notify(user_id,
                      case when direction = 'inbound' then 'message.received' else 'message.sent' end,
                      jsonb_build_object('l', jsonb_agg(jsonb_build_array(wa_id || '@c.us', id) order by id)))
     from (select a.user_id, a.direction, c.wa_id, a.id, (row_number() over (order by a.id) - 1) / 200 as part
             from added a join conversations c on c.id = a.conversation_id) numbered
    group by user_id, direction, part;
  return null;
end
$$;
create trigger messages_live_added after insert on messages
  referencing new table as added for each statement execute function live_messages_added();

create function live_message_status() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.status',
                      jsonb_build_object('c', live_conversation_id(new.conversation_id), 'm', new.id, 's', new.status));
  return null;
end
$$;
create trigger messages_live_status after update of status on messages
  for each row when (old.status is distinct from new.status) execute function live_message_status();

-- Who answers, 'AI is replying…', read elsewhere: what a new message does not already say.
create function live_conversation_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'conversation.changed', jsonb_build_object('c', new.wa_id || '@c.us'));
  return null;
end
$$;
create trigger conversations_live_changed after update on conversations
  for each row when (old.owner is distinct from new.owner
                     or old.owner_reason is distinct from new.owner_reason
                     or old.ai_replying_since is distinct from new.ai_replying_since
                     or new.unread_count < old.unread_count)
  execute function live_conversation_changed();

create function live_handover() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.resolved_at is null then
    perform live_notify(new.user_id, 'handover.opened', jsonb_build_object('c', live_conversation_id(new.conversation_id), 'h', new.id));
  elsif tg_op = 'UPDATE' and new.resolved_at is not null and old.resolved_at is null then
    perform live_notify(new.user_id, 'handover.closed', jsonb_build_object('c', live_conversation_id(new.conversation_id), 'h', new.id));
  end if;
  return null;
end
$$;
create trigger escalations_live after insert or update of resolved_at on escalations
  for each row execute function live_handover();

create function live_document_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'document.changed',
                      jsonb_build_object('a', new.agent_id, 'd', new.id, 's', new.status));
  return null;
end
$$;
create trigger documents_live_changed after update of status on documents
  for each row when (old.status is distinct from new.status) execute function live_document_changed();

create function live_connection_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'connection.changed', jsonb_build_object('k', new.kind));
  return null;
end
$$;
create trigger connection_events_live after insert on connection_events
  for each row execute function live_connection_changed();
