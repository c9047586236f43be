-- push_queued: its current body (created in migration 0056_push).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
-- One push job per event a row stands for (a hand-over's escalation, a new customer's conversation), queued in
-- the row's own transaction and keyed per row (whichever node commits it), for a member with a device
-- subscribed: TG_ARGV[0] the push's kind, [1] the row's column that holds the conversation, [2] the key's prefix.
create or replace function push_queued() returns trigger language plpgsql as $$
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
