-- message_status_advances: its current body (created in migration 0057_early_statuses).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function message_status_advances(current_status text, next_status text) returns boolean
language sql immutable as $$
  -- Statuses only move forward (pending, sent, delivered, read); `failed` only ends a message not yet delivered.
  select case when next_status = 'failed' then current_status in ('pending', 'sent')
              else current_status <> 'failed'
               and array_position(array['pending', 'sent', 'delivered', 'read'], current_status)
                   < array_position(array['pending', 'sent', 'delivered', 'read'], next_status) end
$$;
