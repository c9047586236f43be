-- lock_message_status: its current body (created in migration 0057_early_statuses).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function lock_message_status(owner bigint, wamid text) returns void language sql as $$
  -- Until the transaction ends: the send that stores a message and a status webhook naming it take turns.
  select pg_advisory_xact_lock(hashtextextended('message-status:' || owner || ':' || wamid, 0))
$$;
