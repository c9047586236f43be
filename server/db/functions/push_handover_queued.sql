-- push_handover_queued: its current body (created in migration 0056_push).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
-- A hand-over opened (an open escalation, the live event 'handover.opened'): one push job per escalation,
-- queued in the hand-over's own transaction, for an owner with a device subscribed.
create or replace function push_handover_queued() returns trigger language plpgsql as $$
begin
  if exists (select from push_subscriptions s where s.user_id = new.user_id) then
    insert into jobs (name, payload, key, max_attempts)
    values ('push.notify',
            jsonb_build_object('kind', 'handover', 'userId', new.user_id, 'conversationId', new.conversation_id),
            'push:handover:' || new.id, 3)
    on conflict (key) do nothing;
  end if;
  return null;
end
$$;
