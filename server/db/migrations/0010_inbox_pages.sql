-- The inbox list a page at a time (issue 5, DESIGN.md §11: 10,000 conversations, p95 ≤ 20 ms, idle
-- poll 304). Pages are keyset reads of conversations_user_id_last_message_at_id_idx (0005) along
-- (last_message_at desc nulls last, id desc); this adds a cheap ETag and the search.

-- The list's ETag from one row: an aggregate over the owner's conversations reads all of them
-- (20-30 ms at 10,000 on PGlite). Every change to an owner's conversations or hand-overs moves their
-- version. The bump runs at commit (a deferred constraint trigger), so it is the last lock a
-- transaction takes, and two changes committed in either order give two versions.
create table inbox_versions (
  user_id bigint primary key references users (id) on delete cascade,
  version bigint not null default 0
);

create function inbox_version_bump() returns trigger language plpgsql as $$
begin
  insert into inbox_versions as v (user_id, version) values (new.user_id, 1)
    on conflict (user_id) do update set version = v.version + 1;
  return null;
end
$$;

create constraint trigger conversations_inbox_version after insert or update on conversations
  deferrable initially deferred for each row execute function inbox_version_bump();
create constraint trigger escalations_inbox_version after insert or update on escalations
  deferrable initially deferred for each row execute function inbox_version_bump();

-- Search (`q`): text anywhere in the name or the last message (ILIKE '%…%'), when it is rare enough
-- that reading its matches beats walking the owner's list in order. No pending list (fastupdate): PGlite
-- has no autovacuum to merge it, and the planner stops using an index with a long one.
create index conversations_profile_name_trgm_idx on conversations
  using gin (profile_name gin_trgm_ops) with (fastupdate = off);
create index conversations_last_message_preview_trgm_idx on conversations
  using gin (last_message_preview gin_trgm_ops) with (fastupdate = off);
