-- conversation_public_id: its current body (created in migration 0040_customer_identity).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function conversation_public_id(wa_id text) returns text language sql immutable as $$
  select wa_id || case when wa_id ~ '^[0-9]+$' then '@c.us' else '@bsuid' end
$$;
