-- Signed webhooks under their budget (DESIGN.md §11: 1,000 deliveries/s, p99 ≤ 50 ms, embedded).
-- A webhook batch updates every conversation it writes to, and each update used to pay twice more
-- than the statement itself: one inbox version bump per row at commit, and the trigram entries of
-- both searched columns, inserted one by one into their GIN indexes.

-- One bump per owner per transaction: the first row of an owner bumps, the others find the version
-- row already written by this transaction (its xmin) and leave it. Still at commit, so still the
-- last lock taken; two transactions committed in either order still give two versions. A bump made
-- in a subtransaction does not count as this transaction's: at worst one bump more.
create or replace function inbox_version_bump() returns trigger language plpgsql as $$
begin
  perform from inbox_versions where user_id = new.user_id and xmin = pg_current_xact_id()::xid;
  if not found then
    insert into inbox_versions as v (user_id, version) values (new.user_id, 1)
      on conflict (user_id) do update set version = v.version + 1;
  end if;
  return null;
end
$$;

-- A conversation update is never HOT (last_message_at is indexed), so each one inserts the row's
-- trigrams into both GIN indexes again, changed or not: about 60 entry-tree insertions a row, two
-- thirds of a batch's time on PGlite. A pending list takes them in one append and merges them in
-- bulk, sorted by trigram. 0010 kept it off because nothing merges a long list on PGlite (no
-- autovacuum) and the planner shuns an index with one; at 64 kB (the least allowed) the writer that
-- fills it merges it at once, so a search reads at most a few pages of it.
alter index conversations_profile_name_trgm_idx set (fastupdate = on, gin_pending_list_limit = 64);
alter index conversations_last_message_preview_trgm_idx set (fastupdate = on, gin_pending_list_limit = 64);
