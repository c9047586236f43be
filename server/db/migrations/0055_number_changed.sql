-- A phone customer who changes their number gets a new BSUID, and webhook_store moves their conversation
-- to it (migration 0040, system `user_changed_number` / `user_changed_user_id`). The conversation keeps its
-- id (the old number, SPEC's `<phone>@c.us`), but that number is no longer theirs, and may soon be someone
-- else's: from then on sends go to the BSUID (`recipient`), which Meta keeps current. `number_changed_at`
-- says since when.
alter table conversations add column number_changed_at timestamptz;

create function conversation_number_changed() returns trigger language plpgsql as $$
begin
  new.number_changed_at := coalesce(new.number_changed_at, now());
  return new;
end $$;

create trigger conversations_number_changed before update of bsuid on conversations
  for each row when (old.bsuid is not null and new.bsuid is not null and new.bsuid <> old.bsuid
                     and new.wa_id ~ '^[0-9]+$')
  execute function conversation_number_changed();
