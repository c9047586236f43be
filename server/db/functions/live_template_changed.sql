-- live_template_changed: its current body (created in migration 0026_message_templates).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_template_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform live_notify(old.user_id, 'template.changed', jsonb_build_object('i', old.id, 's', 'DELETED'));
  else
    perform live_notify(new.user_id, 'template.changed', jsonb_build_object('i', new.id, 's', new.status));
  end if;
  return null;
end
$$;
