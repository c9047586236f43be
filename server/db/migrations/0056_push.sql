-- Web Push (issue 34): the devices of each member that ring while no Threadline tab is open, and the
-- sessions with a focused tab now (a push is not sent for what such a tab already shows).

-- A browser's PushSubscription. One endpoint belongs to one member: subscribed again by another, it moves.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  expires_at timestamptz,
  user_agent text,
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  -- Failed sends since the last success (a 404/410 deletes the row instead).
  failures integer not null default 0
);
create index push_subscriptions_user_id_idx on push_subscriptions (user_id);

-- A session whose tab is visible and focused, until focused_until (renewed every ~30 s while it is).
create table push_presence (
  session_id uuid primary key references sessions (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  focused_until timestamptz not null
);
create index push_presence_user_id_idx on push_presence (user_id, focused_until);

-- One push job per event a row stands for, queued in the row's own transaction, for a member with a device:
-- TG_ARGV[0] the push's kind, [1] the row's column that holds the conversation, [2] the job key's prefix.
create function push_queued() returns trigger language plpgsql as $$
begin
  if exists (select from push_subscriptions s where s.user_id = new.user_id) then
    insert into jobs (name, payload, key, max_attempts)
    values ('push.notify',
            jsonb_build_object('kind', tg_argv[0], 'userId', new.user_id,
                               'conversationId', (to_jsonb(new) ->> tg_argv[1])::bigint),
            tg_argv[2] || new.id, 3)
    on conflict (key) do nothing;
  end if;
  return null;
end
$$;

-- A hand-over opened (an open escalation, the live event 'handover.opened').
create trigger escalations_push after insert on escalations
  for each row when (new.resolved_at is null)
  execute function push_queued('handover', 'conversation_id', 'push:handover:');
-- A conversation new to the inbox (webhook_store makes them for a customer's first message).
create trigger conversations_push after insert on conversations
  for each row execute function push_queued('new_customer', 'id', 'push:new-customer:');
