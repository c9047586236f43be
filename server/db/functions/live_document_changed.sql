-- live_document_changed: its current body (created in migration 0022_live_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_document_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'document.changed',
                      jsonb_build_object('a', new.agent_id, 'd', new.id, 's', new.status));
  return null;
end
$$;
