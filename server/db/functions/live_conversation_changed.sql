-- live_conversation_changed: its current body (created in migration 0022_live_events, last changed in 0040_customer_identity).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_conversation_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'conversation.changed', jsonb_build_object('c', conversation_public_id(new.wa_id)));
  return null;
end
$$;
