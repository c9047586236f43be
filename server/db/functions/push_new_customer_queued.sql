-- push_new_customer_queued: its current body (created in migration 0056_push).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
-- A conversation new to the inbox (webhook_store makes them for a customer's first message): one push job,
-- queued in the webhook's own transaction, for an owner with a device subscribed.
create or replace function push_new_customer_queued() returns trigger language plpgsql as $$
begin
  if exists (select from push_subscriptions s where s.user_id = new.user_id) then
    insert into jobs (name, payload, key, max_attempts)
    values ('push.notify',
            jsonb_build_object('kind', 'new_customer', 'userId', new.user_id, 'conversationId', new.id),
            'push:new-customer:' || new.id, 3)
    on conflict (key) do nothing;
  end if;
  return null;
end
$$;
