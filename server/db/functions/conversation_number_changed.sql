-- conversation_number_changed: its current body (created in migration 0055_number_changed).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function conversation_number_changed() returns trigger language plpgsql as $$
begin
  new.number_changed_at := coalesce(new.number_changed_at, now());
  return new;
end $$;
