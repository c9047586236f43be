-- The owner's WhatsApp message templates, as Meta has them (synced from GET /{waba-id}/message_templates,
-- created through POST, their review told by the message_template_status_update webhook). A template
-- belongs to the WABA it was made for; reconnecting another WABA leaves the old ones out of the list.
create table message_templates (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  waba_id text not null,
  graph_id text not null,
  name text not null,
  language text not null,
  category text not null,
  status text not null,
  rejected_reason text,
  components jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint message_templates_user_id_graph_id_key unique (user_id, graph_id),
  constraint message_templates_user_waba_name_language_key unique (user_id, waba_id, name, language)
);
create index message_templates_waba_id_graph_id_idx on message_templates (waba_id, graph_id);

-- The Templates page hears a template's review (or its removal) live.
create function live_template_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform live_notify(old.user_id, 'template.changed', jsonb_build_object('i', old.id, 's', 'DELETED'));
  else
    perform live_notify(new.user_id, 'template.changed', jsonb_build_object('i', new.id, 's', new.status));
  end if;
  return null;
end
$$;
create trigger message_templates_live after insert or delete or update of status on message_templates
  for each row execute function live_template_changed();
