-- live_conversation_id: its current body (created in migration 0022_live_events, last changed in 0040_customer_identity).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_conversation_id(conversation bigint) returns text language sql stable as $$
  select conversation_public_id(wa_id) from conversations where id = conversation
$$;
